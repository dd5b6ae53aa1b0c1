-- scope of loop variables
local i = "outer"
for i = 1, 2 do end
print(i)
for k, v in pairs({}) do end
print(k, v)
local fs = {}
for idx = 1, 3 do
  local sq = idx * idx
  fs[idx] = function() sq = sq + 1; return idx, sq end
end
print(fs[1]())
print(fs[1]())
print(fs[3]())
local total = 0
for n = 1, 3 do
  for n = n * 10, n * 10 + 1 do total = total + n end
end
print(total)
local x = 1
while x < 3 do
  local x2 = x * 100
  x = x + 1
  if x == 3 then print("x2 in loop", x2) end
end
print(x2)
local j = 0
repeat local j = 5 until true
print(j)
