-- closures created in loops get a fresh local each iteration
local fs = {}
for i = 1, 5 do fs[i] = function() return i end end
local r = {}
for i = 1, 5 do r[i] = fs[i]() end
print(table.concat(r, " "))
local gs = {}
for _, v in ipairs({"a", "b", "c"}) do gs[#gs + 1] = function() return v end end
print(gs[1](), gs[2](), gs[3]())
local hs = {}
local j = 1
while j <= 3 do
  local k = j
  hs[j] = function() k = k + 100; return k end
  j = j + 1
end
print(hs[1](), hs[1](), hs[2](), hs[3]())
local shared = {}
local s = 0
for i = 1, 3 do shared[i] = function() s = s + i; return s end end
print(shared[1](), shared[2](), shared[3]())
local ks = {}
local i = 1
repeat
  local captured = i * i
  ks[i] = function() return captured end
  i = i + 1
until i > 4
print(ks[1](), ks[2](), ks[3](), ks[4]())
local m = {}
for i = 1, 3 do
  i = i * 10
  m[#m + 1] = function() return i end
end
print(m[1](), m[2](), m[3]())
