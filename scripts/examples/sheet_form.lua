-- sheet_form.lua: "can the user lose the form by swiping?" A compose form
-- in a page sheet: untouched, a pull down dismisses it; once edited it sets
-- modal_in_presentation (UIKit's isModalInPresentation), the pull resists
-- and returns, and the presentation delegate's did_attempt_to_dismiss asks
-- the user what to do, once per pull. On each platform's numbers.
--
--   navlua run scripts/examples/sheet_form.lua

for _, preset in ipairs{"uikit", "flutter", "react_navigation"} do
  navlua.reset()
  local inbox = navlua.navigation{preset = preset, root = navlua.screen{title = "Inbox"}}
  local form = navlua.screen{title = "Compose"}
  local asked = 0
  local compose = navlua.navigation{preset = preset, root = form, presentation_delegate = {
    did_attempt_to_dismiss = function(nav) asked = asked + 1 end,   -- show "Discard changes?"
    did_dismiss = function(nav) print("    did_dismiss: the form is gone") end,
  }}
  print(preset .. ":")
  local function pull(label)
    local card = compose:visual().presented.y
    local t = navlua.touch_down(200, card + 40)
    t:move_to(200, card + 540, 0.3)
    local lowest = compose:visual().presented.y - card
    t:up()
    navlua.settle()
    print(("  %-34s card moved %5.1f pt under a 500 pt pull -> %s, asked %d"):format(
      label, lowest, compose.presented and "still shown" or "dismissed", asked))
  end
  compose:present{style = "page_sheet"}
  navlua.settle()
  form.modal_in_presentation = true          -- the user typed something
  pull("edited (modal_in_presentation)")
  pull("pulled again")
  form.modal_in_presentation = false         -- the draft was saved
  pull("saved")
  print("  top again: " .. inbox.top.title)
end
