-- os.exit(false) exits with status 1 (EXIT_FAILURE)
-- os.exit(false) maps to EXIT_FAILURE
print("start")
local failures = 0
for i = 1, 3 do if i > 5 then failures = failures + 1 end end
print("failures", failures)
local checks = {1 + 1 == 2, "a" < "b", 10 // 3 == 3}
for i, c in ipairs(checks) do print("check", i, c) end
print("exiting with failure")
os.exit(false)
print("never printed")
