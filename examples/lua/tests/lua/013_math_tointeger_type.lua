-- math.tointeger, math.type and math.ult
local vals = {1, 1.0, -1.5, 2^31, 2^62, -7, 0.0}
for i, v in ipairs(vals) do
  print(i, math.type(v), math.tointeger(v))
end
print(math.ult(1, 2), math.ult(-1, 2), math.ult(2, -1))
print(math.ult(math.maxinteger, math.mininteger))
print(math.ult(0, 0), math.ult(0, -1))
print(math.type(math.maxinteger), math.type(math.huge))
print(math.abs(math.mininteger), math.abs(-5), math.abs(-5.5))
print(math.type(math.abs(-5)), math.type(math.abs(-5.0)))
print((pcall(math.ult, 1.5, 2)))
