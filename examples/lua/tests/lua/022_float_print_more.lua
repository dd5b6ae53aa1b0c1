-- printing of ordinary floats (%.14g) and integer-valued floats
local vals = {0.5, 0.25, 1.25e-10, 123456.789, 1e15 + 1, 2^63, -2^63, 1e-300,
              3.0, -3.0, 1e15, 1e16, 1234567890123.5, 0.1 * 3, 100 / 3, 2^-10, 1.5e300}
for _, v in ipairs(vals) do
  print(v, string.format("%.3f", v % 1))
end
print(7 / 7, 2^0, 10 // 1.0, -0.0 * 1)
print(255 / 255 * 100, 1e2 // 1)
print(1 / 8, 3 / 4, 5 / 16, 1 / 1024)
print(2.5e-3, 6.02e23, 6.674e-11)
local sum = 0.0
for i = 1, 10 do sum = sum + 0.5 end
print(sum, math.type(sum))
