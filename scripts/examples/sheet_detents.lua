-- sheet_detents.lua: medium, large and a 200 pt detent. A pull snaps to the
-- detent nearest where the card would come to rest; past the lowest one it
-- dismisses when far or fast enough, by each platform's rule.
--
--   navlua run scripts/examples/sheet_detents.lua

for _, preset in ipairs{"uikit", "flutter", "react_navigation"} do
  navlua.reset()
  local _ = navlua.navigation{preset = preset, root = navlua.screen{title = "Music"}}
  local sheet = navlua.navigation{preset = preset, root = navlua.screen{title = "Now Playing"}}
  sheet:present{style = "page_sheet", detents = {200, "medium", "large"}, selected_detent = "medium"}
  navlua.settle()
  print(("%s: rests at %s (card top %.0f)"):format(preset, sheet.detent, sheet:visual().presented.y))
  local function pull(label, dy, duration)
    if not sheet.presented then return end
    local y = sheet:visual().presented.y
    navlua.drag{from = {200, y + 30}, by = {0, dy}, duration = duration, hold = duration > 0.2 and 0.05 or 0}
    navlua.settle()
    local p = sheet:visual().presented
    print(("  %-28s -> %s"):format(label, p and ("detent " .. tostring(p.detent) .. " at " .. ("%.0f"):format(p.y))
                                       or "dismissed"))
  end
  pull("slow pull up 300", -300, 0.6)
  pull("slow pull down 500", 500, 0.6)
  pull("slow pull down 60", 60, 0.6)
  pull("quick flick down 120", 120, 0.06)
end
