-- stateless iterators and the generic-for protocol
local function powers(max, cur)
  if cur == 0 then cur = 1 else cur = cur * 2 end
  if cur <= max then return cur end
end
for p in powers, 100, 0 do io.write(p, " ") end
print()
local f, s, c = pairs({10})
print(type(f), type(s), c)
local it, st, ctl = ipairs({"a"})
local i, v = it(st, ctl)
print(i, v, it(st, i))
local function rev(t)
  return function(tt, idx)
    idx = idx - 1
    if idx >= 1 then return idx, tt[idx] end
  end, t, #t + 1
end
for i2, v2 in rev({"a", "b", "c"}) do io.write(i2, v2, " ") end
print()
local function zip(a, b)
  local i3 = 0
  return function()
    i3 = i3 + 1
    if a[i3] ~= nil and b[i3] ~= nil then return a[i3], b[i3] end
  end
end
for x, y in zip({1, 2, 3}, {"one", "two"}) do io.write(x, y, " ") end
print()
local n = 0
for _ in next, {a = 1, b = 2, c = 3} do n = n + 1 end
print(n)
