-- table.insert/remove shifting elements
local t = {}
for i = 1, 10 do table.insert(t, 1, i) end
print(table.concat(t, " "))
for i = 1, 5 do table.insert(t, 6, "m" .. i) end
print(table.concat(t, " "))
local removed = {}
for i = 1, 5 do removed[#removed + 1] = table.remove(t, 6) end
print(table.concat(removed, " "), #t)
table.insert(t, #t + 1, "end")
table.insert(t, 1, "begin")
print(t[1], t[#t], #t)
local q = {}
for i = 1, 1000 do q[#q + 1] = i end
local s = 0
while #q > 0 do s = s + table.remove(q, 1) end
print(s, #q)
local a = {"a", "b", "c"}
print(table.remove(a, 1), table.remove(a, 1), table.remove(a, 1), table.remove(a, 1), #a)
local z = {[0] = "zero"}
print(table.remove(z, 0), z[0])
