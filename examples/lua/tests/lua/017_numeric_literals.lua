-- numeric literal forms
print(0, 00, 007, 1000000)
print(3., .3, 3.e2, 0.5e-1)
print(9223372036854775807, math.type(9223372036854775807))
print(9223372036854775808 == 2^63, math.type(9223372036854775808))
print(1e308, 1e309)
print(1E2, 1e+2, 1e-2)
print(12345678901234567890)
print(0x7fffffffffffffff + 1 == math.mininteger)
print(-2147483648, 4294967296)
print(1 // 1, 1.0 // 1)
local big = 1
for i = 1, 62 do big = big * 2 end
print(big, big * 2, big * 4)
print(3 - -3, 3 - - -3)
print(- -2, not not 1)
