/// Where a pan is as the finger moves (Flutter's DragUpdateDetails): all a
/// pop under the finger reads on each sample.
struct PanUpdate {
    /// Where the finger is.
    var location: Point
    /// From the touch-down point.
    var translation: Point
}

/// A pan as its recognizer reports it when it begins and when it ends:
/// what its owner and the rules read, as values (Flutter's
/// DragStartDetails and DragEndDetails in one).
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

    var update: PanUpdate { PanUpdate(location: location, translation: translation) }

    /// The pan as hooks and completion rules see it.
    var info: GestureInfo {
        GestureInfo(location: location, translation: translation, velocity: velocity, touches: touches)
    }
}
