-- The library functions an interpreter calls most, called in hot loops
-- with the arguments they expect and with the others: negative and
-- out-of-range positions, floats and strings where integers go, calls
-- whose result is dropped or spread, and errors.
local byte, sub, char, len = string.byte, string.sub, string.char, string.len
local floor, sqrt, abs = math.floor, math.sqrt, math.abs
local s = "hello, world"
local acc = {}
for i = -14, 14 do
  local b = byte(s, i)
  acc[#acc + 1] = tostring(b)
  acc[#acc + 1] = sub(s, i) .. "|" .. sub(s, i, -3) .. "|" .. sub(s, 2, i) .. "|" .. sub(s, i, i)
end
print(table.concat(acc, ","))
print(byte(s), byte(s, 3.0), byte("x", "1"), select("#", byte(s, 20)), select("#", byte(s, 2, 4)))
print(sub(s, 3.0, 5), sub(12345, 2, 3), sub(s, "2", "4"))
local cs = {}
for i = 0, 255, 15 do cs[#cs + 1] = byte(char(i)) end
print(table.concat(cs, " "), len(s), len(""), len(123))
print(pcall(char, 256), pcall(char, -1), pcall(char, 1.5))
local types = {}
for _, v in ipairs({1, 2.5, "s", {}, print, true, function() end}) do
  types[#types + 1] = type(v)
end
print(table.concat(types, " "), type(nil), type(type) == "function", pcall(type))
local f = 0
for i = 1, 100 do
  f = f + floor(i / 7) + floor(-i / 3) + abs(i - 50) + abs(-i * 0.5) + sqrt(i)
end
print(f, floor(3), math.type(floor(2.0^70)), floor(-0.0), abs(math.mininteger), abs(-0.0))
print(pcall(floor, "x"), pcall(abs), pcall(sqrt, {}))
local t = {}
for i = 1, 50 do
  table.insert(t, i * i)
  if i % 10 == 0 then table.insert(t, "x") end
end
print(#t, t[1], t[11], t[55], pcall(table.insert, nil, 1), pcall(table.insert, t))
-- Results dropped, kept twice, and spread.
for i = 1, 30 do byte(s, i); sub(s, i) end
local a, b2 = byte(s, 1), 7
local c, d = sub(s, 1, 2)
print(a, b2, c, d, byte(s, 1, -1))
print(sub(s, 1, 2), char(72, 105), (byte(s, 1)))
