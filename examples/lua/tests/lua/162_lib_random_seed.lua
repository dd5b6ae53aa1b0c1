-- math.random with a fixed seed is deterministic in 5.4
math.randomseed(42)
local ints = {}
for i = 1, 10 do ints[i] = math.random(1, 100) end
print(table.concat(ints, " "))
local fl = {}
for i = 1, 5 do fl[i] = string.format("%.6f", math.random()) end
print(table.concat(fl, " "))
local sm = {}
for i = 1, 10 do sm[i] = math.random(6) end
print(table.concat(sm, " "))
math.randomseed(42)
local again = {}
for i = 1, 10 do again[i] = math.random(1, 100) end
print(table.concat(again, " ") == table.concat(ints, " "))
local inrange = true
for i = 1, 1000 do
  local r = math.random(-5, 5)
  if r < -5 or r > 5 or math.type(r) ~= "integer" then inrange = false end
  local f = math.random()
  if f < 0 or f >= 1 then inrange = false end
end
print(inrange)
print(pcall(math.random, 2, 1) == false)
print(math.random(7, 7))
math.randomseed(123)
print(math.random(1000000), math.random(0))
