-- Keys that come and go: the dead entries of a table's hash part are
-- dropped when enough of them pile up, traversals see only live keys, and a
-- table used as a queue of keys does not grow with every key it ever held.

-- A queue of string keys: at most 8 live at a time, 200000 in all.
local q = {}
local before = collectgarbage("count")
for i = 1, 200000 do
  q["k" .. i] = i
  if i > 8 then q["k" .. (i - 8)] = nil end
end
collectgarbage()
collectgarbage()
local n, sum = 0, 0
for k, v in pairs(q) do n = n + 1; sum = sum + v end
print("live", n, sum)
print("bounded", collectgarbage("count") - before < 2000)

-- The same with integer keys far from 1 (the hash part, not the array).
local h = {}
for i = 1, 100000 do
  h[i * 1000] = i
  if i > 5 then h[(i - 5) * 1000] = nil end
end
local keys = {}
for k in pairs(h) do keys[#keys + 1] = k end
table.sort(keys)
print(table.concat(keys, " "))

-- Assigning nil to fields during a traversal is allowed, and the
-- traversal goes on over the dead entries.
local t = {}
for i = 1, 40 do t["f" .. i] = i end
local seen = 0
for k, v in pairs(t) do
  seen = seen + 1
  if v % 2 == 0 then t[k] = nil end
end
local left = 0
for k, v in pairs(t) do left = left + 1; assert(v % 2 == 1) end
print("seen", seen, "left", left)

-- A dead key comes back: its value is there again, and only once.
t.f2 = "back"
local count = 0
for k, v in pairs(t) do if k == "f2" then count = count + 1; print(k, v) end end
print("f2 entries", count)

-- A record whose fields go nil and come back keeps its fields.
local r = { a = 1, b = 2, c = 3 }
for i = 1, 1000 do
  r.b = nil
  r.d = i
  r.b = i
  r.d = nil
end
print(r.a, r.b, r.c, r.d)
