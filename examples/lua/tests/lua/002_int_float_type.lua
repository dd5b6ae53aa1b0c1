-- integers vs floats: math.type and printing
print(math.type(1), math.type(1.0), math.type("1"), math.type(nil))
print(3, 3.0, -3, -3.0)
print(1e2, 100, 0x10, 1E0)
print(10 / 2, 7 / 2, 3 // 2, 3.0 // 2)
print(math.type(10 / 2), math.type(3 // 2), math.type(3.0 // 2))
print(2^2, math.type(2^2))
print(1 + 2, 1 + 2.0, 1.5 + 1.5)
print(math.type(1.5 + 1.5))
print(5 * 2, 5 * 2.0)
print(10 - 10.0, -0.0, 0.0)
print(3 == 3.0, math.type(3) == math.type(3.0))
print(100000000000000, 1e14)
print(123456789012, 2^31, 2^63)
print(0.5, 0.25, 1/3)
print(-7 // 2, -7.0 // 2, 7 // -2.0)
local i = 42
local f = i + 0.0
print(i, f, i == f)
