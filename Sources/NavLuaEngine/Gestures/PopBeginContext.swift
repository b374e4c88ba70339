/// What a navigation shows the begin rules of its pop gesture: facts to
/// read, and no way to change them.
protocol NavigationFacts: AnyObject {
    var count: Int { get }
    var top: Screen? { get }
    var transitioning: Bool { get }
    var options: NavigationOptions { get }
    var mainRecognizer: PopRecognizer? { get }
}

/// Whom the begin rules ask: the top screen's hooks, the app's gesture
/// delegate, and the fields user code provides. Each answer is traced, and
/// a failure is recorded (`.failed`, or nil from `read`).
protocol PopGestureQuestions {
    func hook(_ hook: Hook, of screen: Screen, _ arguments: HookArguments) -> World.HookOutcome
    func delegate(_ method: GestureDelegateMethod, _ arguments: GestureDelegateArguments) -> World.HookOutcome
    func read<T>(_ body: () throws -> T) -> T?
}

/// Everything the begin rules read, handed to them at the moment of a
/// decision: the navigation's facts, the pan, the device, and whom to ask.
/// The rules only decide; what a decision asks for besides, the detector
/// does.
struct PopBeginContext {
    let navigation: any NavigationFacts
    /// The recognizer whose begin is decided.
    let recognizer: PopRecognizer
    let pan: PanDetails
    let touchID: Int
    let layout: Layout
    let width: Double
    let tunables: Tunables
    let ask: any PopGestureQuestions

    var options: NavigationOptions { navigation.options }
    var kind: PopRecognizerKind { recognizer.kind }
    var delegate: GestureDelegate { recognizer.delegate }
    /// Its switch is off: `pop_gesture` names the navigation's main switch,
    /// `disabled` any other recognizer's.
    var disabledRefusal: PopRefusal { recognizer.index == mainIndex ? .popGesture : .disabled }
    private var mainIndex: Int? { navigation.mainRecognizer?.index }
    /// +1 left to right, -1 right to left: x toward the trailing side.
    var sign: Double { layout.sign }

    func distanceFromLeadingEdge(_ x: Double) -> Double {
        layout == .leftToRight ? x : width - x
    }
}
