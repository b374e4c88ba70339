/// A pan as its recognizer reports it at one moment: what its owner and
/// the rules read, as values (Flutter's DragStartDetails, DragUpdateDetails
/// and DragEndDetails in one).
struct PanDetails {
    /// Where the finger is.
    var location: Point
    /// From the touch-down point.
    var translation: Point
    /// Points per second, from the trailing samples (VelocityTracker).
    var velocity: Point
    /// Fingers down on the navigation.
    var touches: Int
    /// Samples from the one that began the pan up to now, inclusive.
    var samplesSinceBegan: Int

    /// The pan as hooks and completion rules see it.
    var info: GestureInfo {
        GestureInfo(location: location, translation: translation, velocity: velocity, touches: touches)
    }
}
