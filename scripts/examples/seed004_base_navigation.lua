-- seed004_base_navigation.lua: seed 004's BaseNavigationController, method
-- for method, as the article writes it in Objective-C (README, "Seed 004 as
-- written"). Each block names the method it translates. Then the article's
-- scenario: A -> B -> C, C turns the pop gesture off, and back on B the
-- swipe works again; B's cl_popGestureDidEnd runs at the lift, "about to
-- pop", while B is still on the stack.
--
--   navlua run scripts/examples/seed004_base_navigation.lua [system|both]
--
-- With `system`, UIKit's edge swipe (the article's useSystemGesture = YES);
-- without, its full-screen pan (configureNavigationGestures); with `both`,
-- the article's configuration exactly as written: configureNavigationGestures
-- adds the full-screen pan and leaves interactivePopGestureRecognizer on,
-- both with the navigation as their delegate (manual §5.11): two pop
-- recognizers, and the two_pop_recognizers pitfall.

local useSystemGesture = arg and arg[1] == "system"
local bothRecognizers = arg and arg[1] == "both"
-- static const BOOL popGestureEnabled = YES;
local popGestureEnabled = true

-- Screens are keyed by their "class": a navlua screen's title plays
-- NSStringFromClass(viewController.class).
local function NSStringFromClass(viewController) return viewController.title end

-- The navigation is its own delegate (self.delegate = self), so inside the
-- delegate's methods `navigationController` is the article's `self`.
local function BaseNavigationController(root)
  -- @implementation BaseNavigationController { NSMutableDictionary *vcsDic; }
  local vcsDic = {}
  local self = {vcsDic = vcsDic}

  -- - (void)navigationController:didShowViewController:animated: {
  --     NSString *vcKey = NSStringFromClass(viewController.class);
  --     if (vcKey && vcsDic[vcKey] == nil) {
  --         vcsDic[vcKey] = @(self.interactivePopGestureRecognizer.isEnabled);
  --     }
  --     self.interactivePopGestureRecognizer.enabled = self.viewControllers.count > 1 && vcsDic[vcKey].boolValue;
  -- }
  function self.did_show(navigationController, viewController, animated)
    local vcKey = NSStringFromClass(viewController)
    if vcKey and vcsDic[vcKey] == nil then
      -- Saves each pop gesture enabled value if it's set for child view controller.
      vcsDic[vcKey] = navigationController.pop_gesture
    end
    -- If viewController is rootViewController, disable the pop gesture recognizer.
    navigationController.pop_gesture = navigationController.count > 1 and vcsDic[vcKey]
  end

  -- - (void)navigationController:willShowViewController:animated: {
  --     [viewController.transitionCoordinator notifyWhenInteractionChangesUsingBlock:^(context) {
  --         if (context.isCancelled) return;
  --         UIViewController *fromVC = [context viewControllerForKey:UITransitionContextFromViewControllerKey];
  --         if ([fromVC respondsToSelector:@selector(cl_popGestureDidEnd)]) [fromVC cl_popGestureDidEnd];
  --     }];
  -- }
  function self.will_show(navigationController, viewController, animated)
    local coordinator = navigationController.transition_coordinator
    if not coordinator then return end   -- a message to nil does nothing
    coordinator:notify_when_interaction_changes(function(context)
      if context.is_cancelled then return end
      local fromVC = context.from
      if type(fromVC.cl_popGestureDidEnd) == "function" then fromVC:cl_popGestureDidEnd() end
    end)
  end

  -- - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
  --     if (self.viewControllers.count == 1) return NO;
  --     NSString *vcKey = NSStringFromClass(self.topViewController.class);
  --     if (vcKey && vcsDic[vcKey] != nil) return vcsDic[vcKey].boolValue;
  --     return self.interactivePopGestureRecognizer.isEnabled;
  -- }
  local function gestureRecognizerShouldBegin(navigationController, gestureRecognizer)
    -- If root view controller, disable pop gesture.
    if navigationController.count == 1 then return false end
    local vcKey = NSStringFromClass(navigationController.top)
    if vcKey and vcsDic[vcKey] ~= nil then return vcsDic[vcKey] end
    return navigationController.pop_gesture
  end

  -- - (void)viewDidLoad {
  --     self.interactivePopGestureRecognizer.delegate = self;
  --     self.delegate = self;
  -- }  (with configureNavigationGestures: a full-screen pan whose delegate is self)
  local delegate = {should_begin = gestureRecognizerShouldBegin}
  if bothRecognizers then
    -- self.interactivePopGestureRecognizer.delegate = self; and the pan of
    -- configureNavigationGestures with pan.delegate = self
    self.nav = navlua.navigation{
      recognizers = {{kind = "edge", enabled = popGestureEnabled, delegate = delegate},
                     {kind = "fullscreen", delegate = delegate}},
      delegate = self,
      root = root,
    }
  else
    self.nav = navlua.navigation{
      style = useSystemGesture and "edge" or "fullscreen",
      pop_gesture = popGestureEnabled,
      gesture_delegate = delegate,
      delegate = self,
      root = root,
    }
  end

  -- - (void)pushViewController:(UIViewController *)viewController animated:(BOOL)animated {
  --     [super pushViewController:viewController animated:animated];
  --     self.interactivePopGestureRecognizer.enabled = YES;
  -- }
  function self.pushViewController(viewController, animated)
    self.nav:push(viewController, {animated = animated})
    self.nav.pop_gesture = true
  end
  return self
end

-- The article's scenario -------------------------------------------------

local base

-- - (void)cl_popGestureDidEnd { // 侧滑导航结束，即将pop到上一个页面，在这里做一些事吧... }
local function cl_popGestureDidEnd(vc)
  local onStack = false
  for _, s in ipairs(base.nav.screens) do onStack = onStack or s == vc end
  print(string.format("  %.3fs  %s cl_popGestureDidEnd (still on the stack: %s)", navlua.now(), vc.title,
                      tostring(onStack)))
end

local A = navlua.screen{title = "A"}
local B = navlua.screen{title = "B", cl_popGestureDidEnd = cl_popGestureDidEnd}
-- C turns the gesture off once it is shown
-- (self.navigationController.interactivePopGestureRecognizer.enabled = NO;
-- in viewDidAppear: UIKit runs a push's appearance after pushViewController
-- returns, so earlier the push override's enabled = YES would win)
local C = navlua.screen{title = "C", cl_popGestureDidEnd = cl_popGestureDidEnd,
                        did_appear = function() base.nav.pop_gesture = false end}

base = BaseNavigationController(A)

local function swipe(label)
  local r = navlua.drag{from = {useSystemGesture and 5 or 100, 400}, by = {250, 0}}
  local lifted = navlua.now()
  navlua.settle()
  print(string.format("  %-22s %-8s (lift at %.3fs)  top %s, pop_gesture=%s", label,
                      r.recognizer == "pop" and "popped" or "refused", lifted, base.nav.top.title,
                      tostring(base.nav.pop_gesture)))
end

print((bothRecognizers and "edge swipe and full-screen pan, as written" or useSystemGesture and "system edge swipe"
       or "full-screen pan") .. ": A -> B -> C, C turns the gesture off")
base.pushViewController(B, true)
navlua.settle()
base.pushViewController(C, true)
navlua.settle()
swipe("swipe on C")
base.nav:back()
navlua.settle()
swipe("back on B, swipe")
swipe("on A (the root), swipe")
print(string.format("  vcsDic: A=%s B=%s C=%s; pitfalls: %d", tostring(base.vcsDic.A), tostring(base.vcsDic.B),
                    tostring(base.vcsDic.C), #navlua.trace("pitfall")))

-- As written, the edge swipe stays on beside the pan: a swipe from the edge
-- is one both could take (the edge swipe, asked first, pops).
if bothRecognizers then
  base.pushViewController(navlua.screen{title = "D"}, true)
  navlua.settle()
  local r = navlua.drag{from = {5, 400}, by = {250, 0}}
  navlua.settle()
  local p = navlua.trace("pitfall")[1]
  print(string.format("  from the edge on D: %s by %s; pitfall %s (%s)", r.recognizer == "pop" and "popped" or "refused",
                      navlua.trace("arena")[#navlua.trace("arena")].winner, p and p.name or "none",
                      p and p.recognizers or ""))
end
