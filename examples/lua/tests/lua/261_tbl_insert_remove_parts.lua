-- table.insert/remove in the middle of an array part of values, of floats,
-- turning floats into values, with integer keys waiting in the hash part
-- just past the end, and in loops (compiled when the JIT is hot)
local f = {1.5, 2.5, 3.5}
table.insert(f, 2, 9.25)
print(table.concat(f, " "), #f)
print(table.remove(f, 1), table.remove(f, 3), table.concat(f, " "), #f)
table.insert(f, 1, "s")
print(table.concat(f, " "), #f, math.type(f[2]))
table.insert(f, 2, 7)
print(table.concat(f, " "), #f, math.type(f[2]))

local h = {10, 20, 30}
h[5] = 50
h[6] = 60
table.insert(h, 2, 15)
print(#h, table.concat(h, " "))
print(table.remove(h, 1), #h, table.concat(h, " "))

local g = {}
g[1] = 1.0
table.insert(g, 1, 0.5)
table.insert(g, 3, 2.0)
print(table.concat(g, " "), #g, table.remove(g, 2), table.remove(g, 1), table.remove(g, 1), #g, g[1])

local q = {}
for i = 1, 200 do
  table.insert(q, (i % 7) + 1 <= #q and (i % 7) + 1 or #q + 1, i * 0.5)
end
local s = 0
for i = 1, 150 do
  s = s + table.remove(q, (i % 5) + 1)
end
print(#q, s, q[1], q[#q])

local objs = {}
for i = 1, 100 do
  table.insert(objs, 1, {id = i})
  if i % 3 == 0 then
    table.remove(objs, 2)
  end
end
local ids = {}
for i = 1, #objs, 10 do
  ids[#ids + 1] = objs[i].id
end
print(#objs, table.concat(ids, " "))
