-- exponentiation and float division always give floats
print(2^10, 2^0.5 > 1.414, 2^-1)
print(math.type(2^2), math.type(4 / 2))
print(10 / 4, -10 / 4, 1 / 2)
print(0 / 5, -0 / 5)
print(1 / 0, -1 / 0)
print((-2)^2, -2^2, (-8)^(1/3) ~= (-8)^(1/3))
print(2^3^2)
print(2^53, 2^53 + 1)
print(10^2, 10^-2)
print(0^0, 1^1e9)
print(9^0.5, 27^(1/3) > 2.99)
print(3 / 3, 7 / 7.0)
local x = 2
x = x ^ 2 ^ 2
print(x)
print(-3^2, (-3)^2)
print(2 ^ 62, 2 ^ 64)
