-- % and // by a constant (the interpreter's MODK and IDIVK): integers of
-- both signs, floats, an integer with a float, the integer range's ends,
-- in a loop the JIT compiles; division by a constant 0 in pcall.
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
