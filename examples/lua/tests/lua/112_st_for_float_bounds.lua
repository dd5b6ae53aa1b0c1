-- for loop with float bounds and limits
local c = 0
for i = 1, 3.9 do c = c + 1 end
print(c)
c = 0
for i = 1, -math.huge do c = c + 1 end
print(c)
c = 0
for i = 0.1, 1.0, 0.1 do c = c + 1 end
print(c >= 9 and c <= 10)
local acc = {}
for i = -1, -2.5, -0.5 do acc[#acc + 1] = i end
print(table.concat(acc, " "))
for i = 1, 3, 1.0 do io.write(math.type(i), " ") end print()
for i = 1.0, 3 do io.write(math.type(i), " ") end print()
c = 0
for i = math.maxinteger - 1, 1e100 do c = c + 1 end
print(c)
c = 0
for i = 3, 2.9 do c = c + 1 end
print(c)
print(pcall(function() for i = "a", 2 do end end) == false)
c = 0
for i = 1, 2, math.maxinteger do c = c + 1 end
print(c)
c = 0
for i = -1, -3, math.mininteger do c = c + 1 end
print(c)
