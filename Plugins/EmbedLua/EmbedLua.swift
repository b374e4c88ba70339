import Foundation
import PackagePlugin

/// Embeds a target's Lua (the `.lua` files in its `Lua/` folder) into the
/// target at build time: `EmbedLuaTool` writes one Swift file declaring
/// `enum EmbeddedLua` with each file's text as a static string, so the Lua
/// lives in real `.lua` files (linted, read and specced as Lua) and the
/// binary still needs nothing beside it at run time.
///
/// Everything happens on this machine: no network, no resources bundle, no
/// Foundation in the binary.
@main
struct EmbedLua: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "lua")
            .map(\.url)
            .filter { $0.deletingLastPathComponent().lastPathComponent == "Lua" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLua.swift")
        return [.buildCommand(
            displayName: "Embedding the Lua of \(target.name)",
            executable: try context.tool(named: "EmbedLuaTool").url,
            arguments: [output.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output]
        )]
    }
}
