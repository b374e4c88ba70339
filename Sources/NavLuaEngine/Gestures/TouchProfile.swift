/// How a finger moves along a straight `move_to` or drag: the fraction of
/// the way it has come at each fraction of the time (manual §5.1). `linear`
/// is a constant speed; a real flick is fast, then slowing (`ease_out`).
public enum TouchProfile {
    case linear
    /// One of the animation curves (`ease_out`, `cubic_bezier`, ...).
    case curve(Curve)
    /// A script's function of the time's fraction; called for every sample
    /// when the move is made, so that its errors come from the call.
    case custom((Double) throws(NavError) -> Double)
}
