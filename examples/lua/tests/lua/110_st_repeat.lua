-- repeat ... until, with the condition seeing body locals
local i = 0
repeat i = i + 1 until i >= 5
print(i)
local n = 0
repeat
  local done = n >= 3
  n = n + 1
until done
print(n)
local runs = 0
repeat runs = runs + 1 until true
print(runs)
local x = 100
repeat
  local x = 1
  print("inner x", x)
until x == 1
print("outer x", x)
local vals = {}
local k = 1
repeat
  local sq = k * k
  vals[#vals + 1] = sq
  k = k + 1
until sq > 50
print(table.concat(vals, " "))
local m = 0
repeat
  m = m + 1
  if m == 3 then break end
until false
print(m)
local f
local c = 0
repeat
  local captured = c
  f = function() return captured end
  c = c + 1
until captured >= 2
print(f(), c)
