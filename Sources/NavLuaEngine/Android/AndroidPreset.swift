extension Preset {
    /// Android 16 with gesture navigation, an app targeting API 36
    /// (predictive back on by default): no app pop gesture, the system's
    /// back gesture from either edge (SystemBackRules has its numbers and
    /// sources), Navigation Compose's predictive pop by default
    /// (`back_animation`). [source] vendor docs / AOSP and androidx code;
    /// [estimate] navlua's, each marked.
    public static var android: Preset {
        var p = Preset(
            name: "android",
            // the app has no edge swipe of its own; `style` is unused
            style: .edge,
            // no app pop gesture: the system's inset is SystemBackRules.gestureInset
            edgeWidth: 0,
            // [source] ViewConfiguration TOUCH_SLOP = 8dp (android.view.ViewConfiguration)
            panSlop: 8,
            // [estimate] a Pixel's touch panel reports at 120 Hz or more
            touchRate: 120,
            // [source] android.view.VelocityTracker's default strategy is a
            // least-squares fit (LSQ2) over the last 100 ms, as Flutter's
            velocity: .leastSquares,
            // Navigation Compose's push (fade in over 700 ms, NavHost's
            // default enterTransition) has no parallax nor dim.
            parallax: 0,
            dim: 0,
            // [source] NavHost's default enter/exit: fadeIn/fadeOut(tween(700))
            // (androidx.navigation.compose NavHost.kt)
            transition: AnimationSpec(duration: 0.7, curve: .linear),
            pageCurves: nil,
            // unused: the system decides at the lift (SystemBackGesture)
            completion: .uikit,
            drop: .completionSpeed,
            transitionSpring: nil,
            // [estimate] navlua's rule for Android: a push or pop during a
            // transition waits (NavHost runs one transition at a time). A
            // callback's call (on_pressed) waits until it returns, as every
            // hook's, and then runs at once: nothing moves then.
            callsDuringTransition: .queue,
            sheet: .uikit,
            // [source] a scroll container intercepts the drag once its own
            // axis passes the touch slop (ViewGroup.onInterceptTouchEvent,
            // ScrollView, RecyclerView): Flutter's rule has the same shape.
            arbitration: .flutter,
            barCrossFade: .uikit)
        p.systemBack = SystemBackRules()
        p.backAnimation = .compose
        return p
    }
}
