-- more integer wrap-around behaviour
local max, min = math.maxinteger, math.mininteger
print(max * max, min * min, max * min)
print(-min == min, math.abs(min) == min)
print(min // -1 == min, min % -1)
print(max // 2, max % 2, min // 2, min % 2)
print(max + 1 - 1 == max, (max + 1) // 2)
local x = 1
for i = 1, 64 do x = x * 2 end
print(x)
local h = 0
for i = 1, 100 do h = h * 1000003 + i end
print(h)
print(0x7fffffffffffffff * 3, 0x10 * 0x1000000000000000)
print(string.format("%x", -2), -1 // 1, max - -1)
print(3 * 0x5555555555555556)
