-- os.clock, os.time, os.getenv and collectgarbage: what does not depend on
-- the machine or the run, once and in a loop hot enough for the JIT
local c1 = os.clock()
print(math.type(c1), c1 >= 0)
local x = 0
for i = 1, 200000 do x = x + i % 7 end
local c2 = os.clock()
print(c2 >= c1, x)
local t = os.time()
print(math.type(t), t > 1700000000, os.time() >= t, os.time(nil) >= t)
print(pcall(os.time, 5))
print(type(os.getenv("PATH")), os.getenv("PATH") == os.getenv("PATH"))
print(os.getenv("RPY_SURELY_UNSET_VAR_12345"))
print(pcall(os.getenv))

print(collectgarbage("collect"), collectgarbage())
print(math.type(collectgarbage("count")), collectgarbage("count") >= 0)
print(select("#", collectgarbage("count")), select("#", collectgarbage("collect")))
print(type(collectgarbage("step")))
print(pcall(collectgarbage, "nonsense"))

-- objects alive across collections keep their contents
local keep = {}
for i = 1, 2000 do
  keep[i] = {i, tostring(i)}
  if i % 100 == 0 then collectgarbage() end
end
local ok = true
for i = 1, 2000 do
  if keep[i][1] ~= i or keep[i][2] ~= tostring(i) then ok = false end
end
print(ok)

local last, wrong, counted = os.clock(), 0, 0
for i = 1, 3000 do
  local c = os.clock()
  if c < last then wrong = wrong + 1 end
  last = c
  if os.time() < 1700000000 then wrong = wrong + 1 end
  if os.getenv("PATH") == nil or os.getenv("RPY_SURELY_UNSET_VAR_12345") then wrong = wrong + 1 end
  keep[i % 2000 + 1] = {i}
  if i % 500 == 0 then collectgarbage("collect") end
  if collectgarbage("count") >= 0 then counted = counted + 1 end
end
print(wrong, counted, keep[1][1], keep[2000][1])
