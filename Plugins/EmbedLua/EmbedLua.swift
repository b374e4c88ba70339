import Foundation
import PackagePlugin

/// Embeds a target's Lua (the `.lua` files in its `Lua/` folder) into the
/// target at build time: `EmbedLuaTool` writes one Swift file declaring
/// `enum EmbeddedLua` with each file's text as a static string, so the Lua
/// lives in real `.lua` files (linted, read and specced as Lua) and the
/// binary still needs nothing beside it at run time.
///
/// The same for a target's web page (the `.html`, `.css` and `.js` files in
/// its `Web/` folder): `enum EmbeddedWeb`, so the HTML replay's page is
/// files that a browser and their own tests read as they are.
///
/// Everything happens on this machine: no network, no resources bundle, no
/// Foundation in the binary.
@main
struct EmbedLua: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        var commands: [Command] = []
        for (folder, suffixes, name) in [("Lua", ["lua"], "EmbeddedLua"), ("Web", ["html", "css", "js"], "EmbeddedWeb")] {
            let files = suffixes.flatMap { target.sourceFiles(withSuffix: $0) }
                .map(\.url)
                .filter { $0.deletingLastPathComponent().lastPathComponent == folder }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            guard !files.isEmpty else { continue }
            let output = context.pluginWorkDirectoryURL.appending(path: name + ".swift")
            commands.append(.buildCommand(
                displayName: "Embedding the \(folder) files of \(target.name)",
                executable: try context.tool(named: "EmbedLuaTool").url,
                arguments: ["--enum", name, output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ))
        }
        return commands
    }
}
