-- % and // by a constant and by a register (the interpreter's MODK, IDIVK,
-- MOD, IDIV): integers of both signs, floats, an integer with a float, the
-- integer range's ends, in loops the JIT compiles; division by 0 in pcall.
local out = {}
for i = -7, 7 do
  out[#out + 1] = string.format("%d %d %d %d %d %d", i % 3, i // 3, i % -3, i // -3, i % 1, i // -1)
end
print(table.concat(out, " | "))
local f = {}
for i = -3, 3 do
  local x = i * 1.25
  f[#f + 1] = string.format("%.4f %.4f %.4f %.4f", x % 2, x // 2, x % -0.75, x // -0.75)
  f[#f + 1] = string.format("%.4f %.4f", i % 2.5, i // 2.5)
end
print(table.concat(f, " | "))
print(math.mininteger // -1, math.mininteger % -1, math.maxinteger // 7, math.maxinteger % 7)
print(5.5 % math.huge, -5.5 % math.huge, 7 // 0.0, -7 // 0.0, 7 % 0.0 ~= 7 % 0.0)
print(pcall(function(x) return x % 0 end, 10))
print(pcall(function(x) return x // 0 end, 10))
print(pcall(function(x) return x % 2 end, "9"), pcall(function(x) return x // 2 end, "9.5"))
print(pcall(function(x) return x % 2 end, {}))
local s = 0
for i = 1, 2000 do
  s = s + i % 7 + i // 5 - (i * 3) % 11
end
print(s)
local r = {}
local ds = {3, -3, 1, -1, 2.5, -0.75, 7}
for i = -4, 4 do
  for _, d in ipairs(ds) do
    local a, b = i % d, i // d
    r[#r + 1] = math.type(a) == "integer" and string.format("%d,%d", a, b) or string.format("%.4f,%.4f", a, b)
  end
end
print(table.concat(r, " "))
local mi, m1 = math.mininteger, -1
print(mi // m1, mi % m1, pcall(function(a, b) return a % b end, 5, 0))
print(pcall(function(a, b) return a // b end, 5, 0))
local g = 0
for i = 1, 3000 do
  local a, b = i, i % 13 + 1
  while b ~= 0 do a, b = b, a % b end
  g = g + a + i // (i % 7 + 1)
end
print(g)
