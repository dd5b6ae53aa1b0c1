-- table.sort default and with comparator
local n = {5, 2, 8, 1, 9, 3, 7, 4, 6, 0}
table.sort(n)
print(table.concat(n, " "))
table.sort(n, function(a, b) return a > b end)
print(table.concat(n, " "))
local s = {"banana", "apple", "Cherry", "date", "apple2"}
table.sort(s)
print(table.concat(s, " "))
table.sort(s, function(a, b) return #a < #b or (#a == #b and a < b) end)
print(table.concat(s, " "))
local mixed = {3, 1.5, -2, 2.25, 0, 10}
table.sort(mixed)
print(table.concat(mixed, " "))
local recs = {{name = "bob", age = 30}, {name = "al", age = 25}, {name = "cy", age = 35}, {name = "di", age = 25}}
table.sort(recs, function(a, b)
  if a.age ~= b.age then return a.age < b.age end
  return a.name < b.name
end)
for _, r in ipairs(recs) do io.write(r.name, ":", r.age, " ") end
print()
print(pcall(table.sort, {1, "x", 2}) == false)
local one = {42}
table.sort(one)
print(one[1])
local empty = {}
table.sort(empty)
print(#empty)
local big = {}
for i = 1, 200 do big[i] = (i * 7919) % 1009 end
table.sort(big)
local ok = true
for i = 2, #big do if big[i - 1] > big[i] then ok = false end end
print(ok, big[1], big[200])
