---@meta navlua

-- LuaLS annotations for navlua's Lua API (the reference is docs/manual.md;
-- the README has the tour). Definitions only: this file is never run.
-- Manual §12.1 says how to point VS Code or Neovim at this folder;
-- scripts/spec/annotations_spec.lua checks that every function,
-- method, field and option navlua registers is annotated here.

---@alias navlua.Style
---| "edge"        # UIKit's system edge swipe
---| "fullscreen"  # FDFullscreenPopGesture: a pan anywhere (the default with no preset named)
---| "snapshot"    # QDNavigationController: a snapshot of the screen below

---@alias navlua.CompletionRuleName "uikit"|"uikit_legacy"|"flutter"|"react_navigation"

---The custom completion rule: `p` the progress (0..1), `velocity_x` toward the trailing side in
---points per second; returns true to finish the pop.
---@alias navlua.CompletionFunction fun(p: number, velocity_x: number, gesture: navlua.Gesture): boolean

---The CSS cubic Beziers, and Flutter's named curves (the flutter preset uses them); manual §2.4.
---@alias navlua.CurveName
---| "linear"
---| "ease_in"
---| "ease_out"
---| "ease_in_out"
---| "ease"                                   # Flutter's Curves.ease
---| "linear_to_ease_out"                     # Flutter's Curves.linearToEaseOut
---| "ease_in_to_linear"                      # Flutter's Curves.easeInToLinear
---| "fast_linear_to_slow_ease_in"            # Flutter's Curves.fastLinearToSlowEaseIn
---| "fast_ease_in_to_slow_ease_out"          # Flutter's Curves.fastEaseInToSlowEaseOut (ThreePointCubic)
---| "fast_ease_in_to_slow_ease_out_flipped"  # its flip, for the screen going away
---| "linear_to_ease_out_flipped"

---Flutter's Cubic with these control points (from navlua.cubic).
---@class navlua.Cubic
---@field curve "cubic"
---@field x1 number
---@field y1 number
---@field x2 number
---@field y2 number

---@alias navlua.PresetName "uikit"|"flutter"|"react_navigation"|"ios26"|"swiftui"|"native_stack"|"android"|string

---@alias navlua.PopRecognizerKind
---| "edge"        # UIKit's interactivePopGestureRecognizer
---| "content"     # iOS 26's interactiveContentPopGestureRecognizer
---| "fullscreen"  # FDFullscreenPopGesture's pan
---| "snapshot"    # QDNavigationController's pan

---A spring as React Native's Animated.spring takes it (React Navigation's TransitionIOSSpec).
---@class navlua.PhysicalSpring
---@field stiffness? number
---@field damping? number
---@field mass? number
---@field overshoot_clamping? boolean
---@field rest_displacement? number points
---@field rest_speed? number points per second

---A preset's values, as navlua.preset returns them and navlua.define_preset takes them.
---@class navlua.PresetValues
---@field base? navlua.PresetName define_preset only: the preset to start from (default "uikit")
---@field style? navlua.Style
---@field edge_width? number points
---@field pan_slop? number points
---@field touch_rate? integer touch samples a second (default 120, an iPhone's)
---@field velocity? "recent_span"|"least_squares" how a finger's velocity is estimated (least_squares: Flutter's VelocityTracker)
---@field parallax? number how far the screen below moves, in widths
---@field dim? number the dim (or overlay) over the screen below at rest
---@field duration? number push and pop, seconds
---@field curve? navlua.CurveName|navlua.Cubic
---@field top_curve? navlua.CurveName|navlua.Cubic the pushed screen's curve
---@field below_curve? navlua.CurveName|navlua.Cubic the screen below's curve
---@field pop_top_curve? navlua.CurveName|navlua.Cubic
---@field pop_below_curve? navlua.CurveName|navlua.Cubic
---@field completion? navlua.CompletionRuleName
---@field drop? "completion_speed"|"fixed"|"spring" the release animation's rule
---@field drop_duration? number seconds, for "fixed"
---@field drop_curve? navlua.CurveName|navlua.Cubic
---@field spring? navlua.PhysicalSpring the release spring
---@field transition_spring? navlua.PhysicalSpring push and pop as a spring
---@field calls_during_transition? "queue"|"interrupt" a push or pop while a transition runs
---@field sheet? "uikit"|"flutter"|"react_navigation" whose sheet numbers

---@alias navlua.TraceKind
---| "touch"
---| "gesture"
---| "hook"
---| "lifecycle"
---| "push"
---| "pop"
---| "push_ignored"
---| "queued"
---| "transition"
---| "bar"
---| "present"
---| "dismiss"
---| "scroll"
---| "arena"    # which pan took a touch over scroll views: winner, joined, lost (with reasons)
---| "error"
---| "pitfall"  # a known trap happened (root freeze, custom back button, leaked switch, bar after cancel, two pop recognizers)
---| "app"      # the app went to the background and back (navlua.background)
---| "delegate" # the navigation's delegate was told will_show or did_show
---| "coordinator" # a transition coordinator's interaction or completion callback ran
---| "sheet"    # a sheet's dismissal pull began or ended (detent, refused_by, dismiss)
---| "control"  # a control followed a touch, or its raw touch was cancelled (phase, value/open, by)
---| "back"     # Android's back gesture: started, progress, committed, cancelled, failed, key (edge, progress, by, reason)
---| "back_to_home" # Android: back at the root sent the app to the background

---A point: `{x, y}` or `{x=, y=}`.
---@alias navlua.PointLike {[1]: number, [2]: number}|{x: number, y: number}

---@class navlua.Point
---@field x number
---@field y number

---@class navlua.Gesture
---@field location navlua.Point where the pan is
---@field translation navlua.Point from the touch-down point
---@field velocity navlua.Point points per second
---@field touches integer

---@class navlua.Spring
---@field curve "spring"
---@field damping number
---@field response number seconds

---@class navlua.Animation
---@field duration? number seconds
---@field curve? navlua.CurveName|navlua.Spring|navlua.Cubic

---@class navlua.AnimatedOptions
---@field animated? boolean default true

-- ---- the world -----------------------------------------------------------

---@class navlua.ResetOptions
---@field width? number points (default 390)
---@field height? number points (default 844)
---@field fps? integer frames per second, 1..100000 (default 60)
---@field layout? "ltr"|"rtl"
---@field trace_limit? integer the newest events kept (default 100000; 0 keeps none)
---@field trace_bytes? integer the most bytes the kept events may hold, oldest dropped first (default 33554432, 32 MiB)

---@class navlua.SpringOptions
---@field damping? number default 1
---@field response? number seconds, default 0.5

---@class navlua.RenderOptions
---@field scale? number default 0.5

---@class navlua.DragOptions
---@field from navlua.PointLike
---@field to? navlua.PointLike
---@field by? navlua.PointLike
---@field duration? number seconds (default 0.25)
---@field hold? number seconds still before the lift (default 0)
---@field profile? navlua.TouchProfile how the finger moves along the way (default "linear")

---What a whole gesture (`navlua.drag`, `navlua.tap`) gave.
---@class navlua.GestureResult
---@field recognizer? "pop"|"scroll"|"sheet"|"control"
---@field state? string the recognizer's last state ("ended", "failed", "cancelled", ...)
---@field finished? boolean whether a released pop finishes
---@field refused_by? string the begin check that refused the pop
---@field velocity navlua.Point at the lift

---A trace event: `t`, `frame`, `kind` and the kind's own fields.
---@class navlua.TraceEvent
---@field t number seconds of the virtual clock
---@field frame integer
---@field kind navlua.TraceKind
---@field [string] any

---navlua's API, the global `navlua` under the navlua executable and the value of
---`require "navlua"` from any Lua 5.4 (`navlua --cpath` prints the LUA_CPATH entry).
---@class navlua
---@field version string "navlua X.Y.Z"
navlua = {}

---A fresh world: clock 0, no navigations, an empty trace.
---@param options? navlua.ResetOptions
function navlua.reset(options) end

---Virtual time in seconds.
---@return number
function navlua.now() end

---The frame index.
---@return integer
function navlua.frame() end

---Runs `frames` frames (default 1).
---@param frames? integer
function navlua.tick(frames) end

---Runs the frames that `seconds` of virtual time hold.
---@param seconds number
function navlua.advance(seconds) end

---Ticks until nothing moves, at most `max_seconds` (default 10); returns the seconds it took.
---@param max_seconds? number
---@return number
function navlua.settle(max_seconds) end

---A spring curve for `transition.curve` / `presentation.curve`.
---@param options? navlua.SpringOptions
---@return navlua.Spring
function navlua.spring(options) end

---Makes the table a screen (manual §3.1) and returns it.
---@param screen navlua.Screen
---@return navlua.Screen
function navlua.screen(screen) end

---A navigation controller (manual §4.1).
---@param options navlua.NavigationOptions
---@return navlua.Navigation
function navlua.navigation(options) end

---The names of the presets, built-in first.
---@return string[]
function navlua.presets() end

---A copy of a preset's values.
---@param name navlua.PresetName
---@return navlua.PresetValues
function navlua.preset(name) end

---Adds a team's own preset, from `base` (default "uikit") with the values given.
---@param name string
---@param values navlua.PresetValues
function navlua.define_preset(name, values) end

---Flutter's Cubic(x1, y1, x2, y2), for any `curve` field.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@return navlua.Cubic
function navlua.cubic(x1, y1, x2, y2) end

---The app goes to the background and comes back: ends a root freeze (manual §6.3).
function navlua.background() end

---Android's three-button back (preset "android"): the top screen's enabled back_callback gets
---on_pressed, else the navigation pops; at the root the app goes home (manual §15).
function navlua.back_key() end

---AOSP's BackTouchTracker alone (binary32, as Java's float): for porting BackTouchTrackerTest.
---@return navlua.BackTouchTracker
function navlua.back_touch_tracker() end

---@class navlua.BackTouchTracker
---@field set_progress_thresholds fun(self: navlua.BackTouchTracker, linear_distance: number, max_distance: number, non_linear_factor: number)
---@field set_gesture_start_location fun(self: navlua.BackTouchTracker, x: number, y: number, edge: "left"|"right")
---@field update fun(self: navlua.BackTouchTracker, x: number, y: number)
---@field set_trigger_back fun(self: navlua.BackTouchTracker, on: boolean)
---@field update_start_location fun(self: navlua.BackTouchTracker)
---@field progress fun(self: navlua.BackTouchTracker): number
---@field start_event fun(self: navlua.BackTouchTracker): navlua.BackEvent

---BackEventCompat, as a back_callback's on_started and on_progressed get it.
---@class navlua.BackEvent
---@field progress number 0..1 (BackTouchTracker)
---@field touch_x number
---@field touch_y number
---@field swipe_edge "left"|"right"
---@field frame_time_millis integer

---A screen's OnBackPressedCallback (preset "android").
---@class navlua.BackCallback
---@field enabled? boolean default true
---@field on_started? fun(self: navlua.Screen, event: navlua.BackEvent)
---@field on_progressed? fun(self: navlua.Screen, event: navlua.BackEvent)
---@field on_cancelled? fun(self: navlua.Screen)
---@field on_pressed? fun(self: navlua.Screen)

---A finger down at (x, y) (or at a point); move it with the touch's methods.
---@param x number|navlua.PointLike
---@param y? number
---@return navlua.Touch
function navlua.touch_down(x, y) end

---Touch down, move, hold, up.
---@param options navlua.DragOptions
---@return navlua.GestureResult
function navlua.drag(options) end

---Down and up at (x, y) (or at a point).
---@param x number|navlua.PointLike
---@param y? number
---@return navlua.GestureResult
function navlua.tap(x, y) end

---One recorded sample of a touch log (navlua.replay_touches, `navlua touches import`).
---@class navlua.TouchRecord
---@field t number seconds, from any origin (the first record plays first)
---@field id? integer which finger (default 1)
---@field phase "down"|"move"|"up"|"cancel"
---@field x number
---@field y number

---Plays recorded samples at their own times from the next frame on: a list of records,
---or the path of a JSON Lines file of them. Returns what navlua.drag returns, for the
---first touch.
---@param records navlua.TouchRecord[]|string
---@return navlua.GestureResult
function navlua.replay_touches(records) end

---Writes an SVG picture of the device at the current frame to `path` (a name ending in .svg, or
---without an extension; another extension is an error); returns `path`.
---@param path string
---@param options? navlua.RenderOptions
---@return string
function navlua.render(path, options) end

---Writes an HTML replay of the run since the last `navlua.reset` to `path` (a name ending in
---.html, or without an extension): the frames recorded and the trace, in one page that opens
---from disk. Frames are recorded under `--html`, `--timeline`, `--filmstrip` and `navlua test
-----html`; otherwise recording starts at the first call. Returns `path`.
---@param path string
---@param options? {title?: string}
---@return string
function navlua.html(path, options) end

---An app as `setup` returns it to navlua.explore (manual §13.1).
---@class navlua.ExploreApp
---@field nav navlua.Navigation the navigation the actions drive
---@field screens? navlua.Screen[] screens that pushes may push
---@field scroll_views? navlua.ScrollView[] views that scrolls drag and the app may move
---@field sheets? (navlua.Navigation|table)[] navigations to present: a navigation or {navigation, present_options}
---@field toggles? table[] {{object, "field", {values...}}, ...}: fields the app writes
---@field width? number
---@field height? number

---@class navlua.ExploreOptions
---@field setup fun(): navlua.ExploreApp builds the app in a fresh world, every run
---@field property? fun(app: navlua.ExploreApp): boolean?, string? checked after every step
---@field runs? integer default 1000
---@field steps? integer default 20
---@field seed? integer default 1
---@field actions? table<string, number|false> weights by action name (manual §13.2)
---@field checks? table<string, boolean> built-in checks to turn off: error, stuck, pitfall, appearance, empty
---@field world? navlua.ResetOptions
---@field file? string the file the script loads with dofile (it returns this table)
---@field raise? boolean a failure raises (default: under navlua test)
---@field shard? string "K/N": runs K, K+N, ...
---@field each_run? fun(run: integer, steps: table[], lines: string)

---@class navlua.ExploreResult
---@field steps {action: string, p: integer[]}[] the shrunk steps
---@field script string a navlua scenario that replays them and fails the same way
---@field message string
---@field check string error, stuck, pitfall, appearance, empty or property
---@field seed integer
---@field run integer
---@field shrunk_from integer
---@field replay fun(steps: table[]): string?, string?
---@field neighbours fun(): table[][]

---Random user action sequences against a fresh world built by `setup`, checked after every
---step; nil when no run failed, else the first failure shrunk to a 1-minimal sequence, with a
---script. The second result counts the work: {runs=, steps=, shrink_runs=, cpu=}.
---@param options navlua.ExploreOptions
---@return navlua.ExploreResult?
---@return {runs: integer, steps: integer, shrink_runs: integer, cpu: number}
function navlua.explore(options) end

---The events kept so far (of one kind), oldest first.
---@param kind? navlua.TraceKind
---@return navlua.TraceEvent[]
function navlua.trace(kind) end

---The same events, one line each; the same script gives the same bytes.
---@param kind? navlua.TraceKind
---@return string
function navlua.trace_text(kind) end

---Calls `fn` with each new event of `kind` ("*": every kind); returns a function that unsubscribes.
---@param kind navlua.TraceKind|"*"
---@param fn fun(event: navlua.TraceEvent)
---@return fun()
function navlua.on(kind, fn) end

---The REPL's real-time switch: with `true` the clock follows wall time at the prompt;
---without an argument, returns the setting. No effect outside the REPL.
---@param enabled? boolean
---@return boolean?
function navlua.live(enabled) end

---Under `navlua test` only: compares `value` (a string, or a table of plain values) with the
---stored snapshot `__snapshots__/<spec>/<name>.txt`, writing it the first time.
---@param name string letters, digits, `_`, `-`, `.`
---@param value string|table
function navlua.snapshot(name, value) end

-- ---- screens --------------------------------------------------------------

---A screen: a plain table that the engine reads when it decides, so a field changed later
---takes effect at once. Hooks are called with the screen as `self`.
---@class navlua.Screen
---@field title string required: the name in traces and messages
---@field pop_disabled? boolean no interactive pop while this screen is on top
---@field max_initial_distance? number pop only if the pan began this close to the leading edge
---@field navigation_bar_hidden? boolean the bar is hidden while this screen is shown
---@field navigation_bar_back_button_hidden? boolean swiftui: .navigationBarBackButtonHidden(true), no back swipe
---@field back_button? "system"|"custom" a custom back button kills UIKit's edge swipe (default "system")
---@field back_callback? navlua.BackCallback Android: OnBackPressedCallback; enabled, it takes the back gesture
---@field enabled? fun(self: navlua.Screen): boolean? false refuses a pop gesture
---@field allow_drag_back? fun(self: navlua.Screen, gesture: navlua.Gesture): boolean? decides a pop gesture
---@field will_go_back? fun(self: navlua.Screen): boolean? false vetoes a user-initiated back
---@field pop_gesture_did_end? fun(self: navlua.Screen) after an interactive pop of this screen finished
---@field will_appear? fun(self: navlua.Screen, animated: boolean)
---@field did_appear? fun(self: navlua.Screen, animated: boolean)
---@field will_disappear? fun(self: navlua.Screen, animated: boolean)
---@field did_disappear? fun(self: navlua.Screen, animated: boolean)
---@field [string] any the script's own fields
local Screen = {}

---@class navlua.ScrollViewOptions
---@field x? number
---@field y? number
---@field width? number default: the world's width
---@field height? number default: the world's height
---@field content_width? number default: `width` (no horizontal scrolling)
---@field offset? number default 0
---@field paging? boolean default false
---@field page_offset_reset? boolean after each page change the offset snaps back to `width` (UIPageViewController)
---@field pages? integer with page_offset_reset: the data source's page count (default: content_width / width, rounded up)
---@field pop_simultaneous? "at_leading_edge"|"first_page"|fun(scroll_view: navlua.ScrollView): boolean
---@field content_height? number default: `height` (no vertical scrolling)
---@field offset_y? number default 0
---@field directional_lock? boolean default false (UIScrollView's isDirectionalLockEnabled)

---Adds a scroll view to the screen.
---@param options navlua.ScrollViewOptions
---@return navlua.ScrollView
function Screen:add_scroll_view(options) end

---@class navlua.ScrollView
---@field offset number read/write
---@field page integer read/write
---@field scrolling boolean
---@field x number
---@field y number
---@field width number
---@field height number
---@field content_width number
---@field paging boolean
---@field page_offset_reset boolean
---@field pages integer how many pages `page` counts (0 to pages - 1)
---@field id integer
---@field offset_y number read/write
---@field content_height number
---@field directional_lock boolean
local ScrollView = {}

---UIKit's require(toFail:): the view's pan waits until `recognizer` has failed, and fails if it begins (manual §5.11).
---@param recognizer navlua.PopRecognizer
function ScrollView:require_to_fail(recognizer) end

---One of a navigation's pop recognizers (manual §5.11).
---@class navlua.PopRecognizer
---@field kind navlua.PopRecognizerKind
---@field enabled boolean read/write: UIKit's isEnabled, navigation-wide
---@field delegate "uikit"|false|"custom"
---@field state "possible"|"began"|"changed"|"ended"|"cancelled"|"failed" on the last touch that reached it
---@field name string its name in the trace: "pop", or "pop:<kind>" when the navigation has several

---An entry of `recognizers`.
---@class navlua.PopRecognizerOptions
---@field kind navlua.PopRecognizerKind
---@field enabled? boolean default true
---@field delegate? "uikit"|false|navlua.GestureDelegate default "uikit"

---react-native-screens' gestureResponseDistance: absolute bounds in points.
---@class navlua.ResponseDistance
---@field start? number the pan's x (from the leading side) at least this
---@field end? number at most this
---@field top? number its y at least this
---@field bottom? number at most this

---@class navlua.ControlOptions
---@field kind "slider"|"swipe_row"|"canvas"
---@field x? number
---@field y? number
---@field width? number default: the world's width
---@field height? number default 44
---@field handles? "recognizer"|"touches" default "touches" for a slider and a canvas, "recognizer" for a swipe_row
---@field value? number a slider's value, 0 to 1 (default 0.5)
---@field open? boolean a swipe_row's actions show (default false)
---@field actions_width? number a swipe_row's actions, in points (default 80; half of it opens the row)

---Adds a control (a slider, a swipeable row or a drawing canvas) to the screen (manual §3.5).
---@param options navlua.ControlOptions
---@return navlua.Control
function Screen:add_control(options) end

---@class navlua.Control
---@field id integer
---@field kind "slider"|"swipe_row"|"canvas"
---@field handles "recognizer"|"touches"
---@field x number
---@field y number
---@field width number
---@field height number
---@field value? number a slider's value (nil for other kinds)
---@field open? boolean whether a swipe_row is open (nil for other kinds)
---@field actions_width? number a swipe_row's actions width (nil for other kinds)
---@field touches integer touches that went down on it
---@field cancelled integer its raw touches cancelled because a recognizer took them (or a failure released them)
---@field tracking boolean a finger moves it now
local Control = {}

---UIKit's require(toFail:) on the control's own recognizer (handles = "recognizer", not a slider): it waits until `recognizer` has failed (manual §5.11).
---@param recognizer navlua.PopRecognizer
function Control:require_to_fail(recognizer) end

-- ---- navigations ----------------------------------------------------------

---@class navlua.NavigationOptions
---@field style? navlua.Style default "fullscreen"
---@field root? navlua.Screen shown without animation
---@field pop_gesture? boolean the global switch (default true)
---@field dismiss_at_root? boolean QD's needDissMiss (default false)
---@field bar_per_screen? boolean FD's view-controller-based bar appearance (default true)
---@field edge_width? number edge style: how close to the leading edge a swipe must begin (default 13)
---@field completion? navlua.CompletionRuleName|navlua.CompletionFunction the release rule (default "uikit")
---@field transition? navlua.Animation push and pop (default 0.35 s ease_in_out)
---@field presentation? navlua.Animation present and dismiss (default 0.5 s ease_in_out)
---@field preset? navlua.PresetName the platform's numbers (default "uikit", or `--preset`)
---@field gesture_delegate? "uikit"|false|navlua.GestureDelegate the pop gesture's delegate (default "uikit")
---@field delegate? navlua.NavigationDelegate UINavigationControllerDelegate (also the field `nav.delegate`)
---@field calls_during_transition? "queue"|"interrupt" a push or pop while a transition runs waits, or acts at once (Flutter); default the preset's
---@field presentation_delegate? navlua.PresentationDelegate UIAdaptivePresentationControllerDelegate (also the field)
---@field recognizers? (navlua.PopRecognizerKind|navlua.PopRecognizerOptions)[] the pop recognizers one by one, in the order the arena asks them (instead of style)
---@field full_screen_gesture_enabled? boolean native_stack: the content swipe's switch (default true)
---@field gesture_response_distance? navlua.ResponseDistance native_stack: where the content swipe may begin
---@field back_animation? "compose"|"material"|"flutter"|"cross_activity" Android: what moves while back scrubs a pop (default "compose")

---UIAdaptivePresentationControllerDelegate's dismissal methods (manual §4.7), looked up at each call.
---@class navlua.PresentationDelegate
---@field should_dismiss? fun(nav: navlua.Navigation): boolean? asked when a pull begins; false refuses it
---@field will_dismiss? fun(nav: navlua.Navigation) an allowed pull begins to dismiss
---@field did_dismiss? fun(nav: navlua.Navigation) the sheet has gone (not for nav:dismiss)
---@field did_attempt_to_dismiss? fun(nav: navlua.Navigation) a refused pull was let go

---@alias navlua.Detent "medium"|"large"|number a name, or the sheet's height in points

---@class navlua.PresentOptions
---@field animated? boolean default true
---@field style? "full_screen"|"page_sheet"|"form_sheet" default "full_screen"
---@field detents? navlua.Detent[] sheets only; default {"large"}
---@field selected_detent? navlua.Detent where it first rests (default the first detent)

---The screen behind a sheet.
---@class navlua.Behind
---@field scale number about its top centre
---@field y number points down
---@field dim number black over it

---A presented navigation's card.
---@class navlua.Presented
---@field style "full_screen"|"page_sheet"|"form_sheet"
---@field y number the card's top edge, points
---@field detent? navlua.Detent nil for full_screen
---@field progress number 1 at its detent, 0 off screen
---@field behind? navlua.Behind sheets only

---UINavigationControllerDelegate's appearance methods (manual §4.7), looked up at each call.
---@class navlua.NavigationDelegate
---@field will_show? fun(nav: navlua.Navigation, screen: navlua.Screen, animated: boolean) a transition to a new top begins (after the will_ lifecycle calls)
---@field did_show? fun(nav: navlua.Navigation, screen: navlua.Screen, animated: boolean) it ended with that screen on top (not after a cancelled interactive pop)

---UIViewControllerTransitionCoordinatorContext, at the moment it is read.
---@class navlua.TransitionContext
---@field is_interactive boolean a finger drives it now
---@field initially_interactive boolean a finger drove it from its start
---@field is_cancelled boolean it ends with the screens as they were
---@field percent_complete number 0 to 1
---@field transition_duration number seconds
---@field completion_velocity number widths per second at the release (0 before)
---@field from navlua.Screen? the screen on top when it began
---@field to navlua.Screen? the one on top if it finishes
---@field is_animated boolean

---A running push's, pop's or interactive pop's coordinator (`nav.transition_coordinator`).
---@class navlua.TransitionCoordinator: navlua.TransitionContext
local TransitionCoordinator = {}

---Called once when the finger lifts or its touch is cancelled; false (never called) for a transition no finger drives or once that moment has passed.
---@param callback fun(context: navlua.TransitionContext)
---@return boolean registered
function TransitionCoordinator:notify_when_interaction_changes(callback) end

---`animation` on each frame of the transition, `completion` when it ends (finished or cancelled); false once it has ended.
---@param animation? fun(context: navlua.TransitionContext)
---@param completion? fun(context: navlua.TransitionContext)
---@return boolean registered
function TransitionCoordinator:animate_alongside(animation, completion) end

---The app's own delegate of the pop gesture, each method called when UIKit calls its counterpart.
---@class navlua.GestureDelegate
---@field should_receive_touch? fun(nav: navlua.Navigation, touch: navlua.Touch): boolean? at touch-down
---@field should_begin? fun(nav: navlua.Navigation, gesture: navlua.Gesture): boolean? when the pan crosses the slop
---@field should_recognize_simultaneously? fun(nav: navlua.Navigation, gesture: navlua.Gesture, other: navlua.ScrollView): boolean? when a scroll view holds the pan

---@class navlua.Placed
---@field screen navlua.Screen
---@field x number

---@class navlua.Snapshot
---@field screen navlua.Screen
---@field x number
---@field y number
---@field width number
---@field height number

---One item on the navigation bar; `x` is a title's centre or the leading edge of a back button's label.
---@class navlua.BarItem
---@field screen navlua.Screen
---@field part "title"|"back"
---@field x number
---@field alpha number a title's opacity, or a back button's label's
---@field chevron? number back buttons: the chevron's opacity
---@field label? string back buttons: the title shown (the screen below's)

---The navigation bar at the current frame.
---@class navlua.Bar
---@field shown number 0 hidden, 1 on screen, between while a hide or show animates with a transition
---@field items navlua.BarItem[] none while hidden

---The presentation state at the current frame.
---@class navlua.Visual
---@field top navlua.Placed
---@field below? navlua.Placed
---@field dim number
---@field bar_hidden boolean true when bar.shown is 0
---@field bar navlua.Bar
---@field y number
---@field mask? number snapshot style only
---@field snapshot? navlua.Snapshot snapshot style only
---@field presented? navlua.Presented while presented

---@class navlua.Navigation
---@field screens navlua.Screen[] root first
---@field top navlua.Screen
---@field count integer
---@field transitioning boolean
---@field presented boolean
---@field bar_hidden boolean
---@field pop_gesture boolean read/write
---@field style navlua.Style
---@field completion navlua.CompletionRuleName|"function" the rule's name
---@field preset navlua.PresetName
---@field gesture_delegate "uikit"|false|"custom"
---@field delegate navlua.NavigationDelegate? read/write
---@field transition_coordinator navlua.TransitionCoordinator? nil when no push, pop or interactive pop runs
---@field calls_during_transition "queue"|"interrupt"
---@field presentation_delegate navlua.PresentationDelegate? read/write
---@field detent navlua.Detent? the presented sheet's detent
---@field stuck boolean the root freeze: a pop began with one screen and never ends (navlua.background ends it)
---@field id integer
---@field pop_recognizers navlua.PopRecognizer[] in the order the arena asks them
local Navigation = {}

---@param screen navlua.Screen
---@param options? navlua.AnimatedOptions
function Navigation:push(screen, options) end

---Returns the popped screen, or nil at the root (or when the call was queued).
---@param options? navlua.AnimatedOptions
---@return navlua.Screen?
function Navigation:pop(options) end

---@param options? navlua.AnimatedOptions
---@return navlua.Screen?
function Navigation:pop_to_root(options) end

---@param screen navlua.Screen
---@param options? navlua.AnimatedOptions
---@return navlua.Screen?
function Navigation:pop_to(screen, options) end

---@param screens navlua.Screen[]
---@param options? navlua.AnimatedOptions
function Navigation:set_screens(screens, options) end

---The back button: `will_go_back`, then pop (or dismiss at the root with `dismiss_at_root`).
function Navigation:back() end

---@param options? navlua.PresentOptions
function Navigation:present(options) end

---@param options? navlua.AnimatedOptions
function Navigation:dismiss(options) end

---@return navlua.Visual
function Navigation:visual() end

---UIKit's setNavigationBarHidden:animated:, for an app that manages its bar (bar_per_screen = false).
---Animated from a will_appear or during a push or pop, it runs alongside that transition.
---@param hidden boolean
---@param options? navlua.AnimatedOptions
function Navigation:set_navigation_bar_hidden(hidden, options) end

---The navigation's pop recognizer of this kind, or nil (manual §5.11).
---@param kind navlua.PopRecognizerKind
---@return navlua.PopRecognizer?
function Navigation:pop_recognizer(kind) end

-- ---- touches --------------------------------------------------------------

---@class navlua.Touch
---@field id integer
---@field x number
---@field y number
---@field down boolean
---@field recognizer? "pop"|"scroll"|"sheet"|"control"
local Touch = {}

---How a finger moves along a straight move: "linear", a curve (`ease_out` is a flick,
---fast then slowing) or a function of the time's fraction that returns the way's fraction.
---@alias navlua.TouchProfile "linear"|navlua.CurveName|navlua.Cubic|fun(fraction: number): number

---@class navlua.MoveOptions
---@field profile? navlua.TouchProfile (default "linear")

---Moves to (x, y) (or a point) over `duration` seconds, a sample at every tick of the
---device's touch rate (its preset's `touch_rate`), along `options.profile`.
---@param x number|navlua.PointLike
---@param y_or_duration? number
---@param duration? number|navlua.MoveOptions
---@param options? navlua.MoveOptions
function Touch:move_to(x, y_or_duration, duration, options) end

---@param seconds number
function Touch:hold(seconds) end

function Touch:up() end

function Touch:cancel() end
