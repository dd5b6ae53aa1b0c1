-- Tail calls into functions of more registers, which take the caller's
-- frame over and grow it: chains of growing callees, varargs, deep
-- alternating tail calls (no stack growth), callees changing at a site.
local function big(a, b, c)
  local x1, x2, x3, x4, x5, x6, x7, x8, x9, x10 = a, b, c, a + b, b + c, a * c, 1, 2, 3, 4
  local y1, y2, y3, y4, y5, y6 = x1 + x10, x2 + x9, x3 + x8, x4 + x7, x5 + x6, x1 * x2
  return y1 + y2 + y3 + y4 + y5 + y6
end
local function middle(a, b)
  local t1, t2, t3, t4 = a, b, a + b, a - b
  return big(t1 + t2, t3, t4)
end
local function small(a) return middle(a, a + 1) end

local total = 0
for i = 1, 3000 do total = total + small(i) end
print("chain", total)

local function va(...)
  local n = select("#", ...)
  local a, b, c, d, e, f, g, h = ...
  return n, a, h
end
local function to_va(k) return va(k, k, k, k, k, k, k, k + 1) end
local s = 0
for i = 1, 2000 do
  local n, a, h = to_va(i)
  s = s + n + a + h
end
print("varargs", s)

local even, odd
function even(n, acc)
  if n == 0 then return acc end
  return odd(n - 1, acc + 1)
end
function odd(n, acc)
  local p, q, r, t, u, v, w, x, y, z = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  if n == 0 then return acc + p + z end
  return even(n - 1, acc + q - 1)
end
print("alternating", even(300001, 0))

local callees = {
  function(x) return x + 1 end,
  function(x) local a, b, c, d, e, f, g, h, i, j, k, l = x, x, x, x, x, x, x, x, x, x, x, x; return a + l end,
  function(x) return x * 3 end,
}
local function dispatch(k, x) return callees[k % 3 + 1](x) end
local d = 0
for i = 1, 3000 do d = d + dispatch(i, i) end
print("dispatch", d)
