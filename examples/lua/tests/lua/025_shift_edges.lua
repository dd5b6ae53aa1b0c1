-- shift edge cases: counts >= 64 give 0, negative counts shift the other way
for _, n in ipairs({0, 1, 31, 32, 62, 63, 64, 65, 100, -1, -63, -64, -65}) do
  print(n, 1 << n, -1 >> n, 0xF0 >> n, math.mininteger >> n)
end
print(1 << math.maxinteger, 1 >> math.mininteger, 1 << math.mininteger)
print(5 << 1.0, 5 >> 1.0)
-- >> is a logical shift (zero fill), not arithmetic
print(-16 >> 2, -16 // 4)
print((-16 >> 2) == (0xFFFFFFFFFFFFFFF0 >> 2))
local x = 0x0123456789ABCDEF
print(string.format("%016x %016x", x << 8, x >> 8))
print(string.format("%016x", x << 4 | x >> 60))
