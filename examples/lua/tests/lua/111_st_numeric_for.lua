-- numeric for loops
for i = 1, 3 do io.write(i, " ") end print()
for i = 3, 1, -1 do io.write(i, " ") end print()
for i = 1, 10, 3 do io.write(i, " ") end print()
for i = 10, 1, -4 do io.write(i, " ") end print()
for i = 1, 0 do print("never") end
for i = 0, -3, -1 do io.write(i, " ") end print()
for i = 1.0, 2.0, 0.25 do io.write(i, " ") end print()
for i = 0, 1, 0.5 do io.write(math.type(i), " ") end print()
for i = 1, 2.5 do io.write(i, ":", math.type(i), " ") end print()
for i = 5, 1 do print("never") end
for i = 1, 3 do
  local j = i
  i = i * 10
  io.write(j, "->", i, " ")
end
print()
local count = 0
for i = math.maxinteger - 2, math.maxinteger do count = count + 1 end
print(count)
count = 0
for i = math.mininteger, math.mininteger + 2 do count = count + 1 end
print(count)
count = 0
for i = math.mininteger + 2, math.mininteger, -1 do count = count + 1 end
print(count)
count = 0
for i = 1, math.huge do count = count + 1; if count == 5 then break end end
print(count)
for i = 3, 1, -0.5 do io.write(i, " ") end print()
print(pcall(function() for i = 1, 10, 0 do end end) == false)
local lim = 3
for i = 1, lim do lim = 10 end
print(lim)
