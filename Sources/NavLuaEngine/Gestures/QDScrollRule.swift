/// QDNavigationController's scroll view rule, as seed 000 writes it
/// (gestureRecognizerShouldBegin:):
///
///     for (UIView *subVi in [self.viewControllers lastObject].view.subviews) {
///         if ([subVi isKindOfClass:NSClassFromString(@"UIScrollView")]
///             && ((UIScrollView *)subVi).contentSize.width > kScreenWidth) {
///             hasScroll = YES;
///             CGRect contentSizeRect = CGRectMake(0, 0, scrollContentSize.width, scrollContentSize.height);
///             if (contentOffset.x <= 0 && CGRectContainsPoint(contentSizeRect, [self.view convertPoint:pointNow toView:subVi])) {
///                 needPop = YES; break; }
///             if (hasScroll == YES && !CGRectContainsPoint(contentSizeRect, [self.view convertPoint:pointNow toView:subVi])) {
///                 needPop = YES; break; }
///         }
///     }
///     ... (hasScroll == NO || needPop == YES) ...
///
/// Modelled as written (issue 39 item 4): only content wider than the
/// screen counts (a 200 pt chip row with 300 pt of content never blocks);
/// the point is taken into the view's bounds, which a scroll view moves by
/// its offset, and tested against its content; the first view that decides
/// ends the loop. So with two such views, a finger outside the first one's
/// content lets the pop through even on the second, scrolled: QD's bug.
/// The screen's scroll views, in the order they were added, stand for its
/// view's subviews (UIKit lists subviews back to front).
enum QDScrollRule {
    /// Whether the scroll views block the pop begun at `p`.
    static func blocks(_ views: [ScrollView], at p: Point, screenWidth: Double, layout: Layout) -> Bool {
        var hasScroll = false
        for view in views where view.contentWidth > screenWidth {
            hasScroll = true
            // convertPoint:toView: into the view's bounds, measured from
            // its leading edge (mirrored in right to left)
            let fromLeading = layout == .leftToRight ? p.x - view.frame.x : view.frame.x + view.frame.width - p.x
            let x = fromLeading + view.offset
            let y = p.y - view.frame.y + view.offsetY
            let inContent = x >= 0 && x < view.contentWidth && y >= 0 && y < view.contentHeight
            if view.offset <= 0 && inContent { return false }
            if !inContent { return false }
        }
        return hasScroll
    }
}
