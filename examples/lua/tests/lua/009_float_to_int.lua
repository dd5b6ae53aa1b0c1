-- float to integer conversion rules
print(3.0 | 0, -2.0 & -1)
print((pcall(function() return 3.5 | 0 end)))
print((pcall(function() return 2^63 | 0 end)))
print((pcall(function() return 3.5 // 1 | 0 end)))
print((pcall(function() return -0.0 | 0 end)))
print(math.tointeger(3.0), math.tointeger(3.5), math.tointeger(-8.0))
print(math.tointeger(2^53), math.tointeger(-0.0))
print(math.tointeger(2^63), math.tointeger(-2^63))
print(math.tointeger(7), math.tointeger({}))
local t = {}
t[1.0] = "one"; t[2] = "two"
print(t[1], t[2.0], #t)
print(string.rep("x", 3.0))
print((pcall(string.rep, "x", 3.5)))
print(("abcdef"):sub(2.0, 4.0))
print(math.floor(3.7), math.ceil(3.2), math.type(math.floor(3.7)))
print(math.floor(-3.5), math.ceil(-3.5))
print(math.floor(1e100) == 1e100, math.type(math.floor(1e100)))
for i = 1.0, 3 do io.write(tostring(i), " ") end
print()
