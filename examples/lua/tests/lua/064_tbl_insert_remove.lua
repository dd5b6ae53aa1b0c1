-- table.insert and table.remove
local t = {}
table.insert(t, "a")
table.insert(t, "b")
table.insert(t, 1, "first")
table.insert(t, 2, "second")
table.insert(t, #t + 1, "last")
print(#t, table.concat(t, ","))
print(table.remove(t), #t, table.concat(t, ","))
print(table.remove(t, 1), #t, table.concat(t, ","))
print(table.remove(t, 2), table.concat(t, ","))
local e = {}
print(table.remove(e), #e)
print(table.remove(e, 0), table.remove(e, #e))
local one = {"only"}
print(table.remove(one, 1), #one)
print(pcall(table.insert, {1, 2}, 5, "x") == false)
print(pcall(table.insert, {1, 2}, 1, "x", "y") == false)
local q = {1, 2, 3, 4, 5}
while #q > 0 do io.write(table.remove(q, 1), " ") end
print()
local st = {}
for i = 1, 5 do st[#st + 1] = i * 10 end
local popped = {}
while #st > 0 do popped[#popped + 1] = table.remove(st) end
print(table.concat(popped, " "))
local r = {1, 2, 3}
print(table.remove(r, #r + 1), #r)
