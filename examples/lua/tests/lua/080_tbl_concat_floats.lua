-- table.concat converts numbers like tostring
print(table.concat({1, 2.0, 3.5, -0.0, 1e100}, " "))
print(table.concat({math.maxinteger, math.mininteger}, ","))
print(table.concat({2^53, 1/0}, ","))
print(table.concat({"a", 1, "b", 2}))
local t = {}
for i = 1, 5 do t[i] = i / 2 end
print(table.concat(t, "|"))
print(table.concat({10, 20, 30}, ", ", 2, 3))
print(table.concat({}, ",", 1, 0), table.concat({"x"}, ",", 1, 1))
