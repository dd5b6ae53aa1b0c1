-- Multiple assignment to fields with constant keys, and nil given to
-- fields that are not there: with and without metatables, __newindex
-- seeing exactly the stores it should, in Lua's order.
local log = {}
local Proxy = {}
Proxy.__newindex = function(t, k, v) log[#log + 1] = tostring(k) .. "=" .. tostring(v); rawset(t, k, v) end

local p = setmetatable({}, Proxy)
p.a, p.b, p[1], p["c d"] = 1, nil, "one", 2.5
print(p.a, p.b, p[1], p["c d"], table.concat(log, " "))

log = {}
p.a, p.b = nil, nil            -- a is there: no __newindex; b is not
print(p.a, p.b, table.concat(log, " "))

local Class = {}
Class.__index = Class
function Class.new(x) return setmetatable({x = x, link = nil}, Class) end
local o = Class.new(3)
o.link = nil                    -- absent, no __newindex: nothing
o.y, o.x, o.z = o.x + 1, o.x * 2, nil
print(o.x, o.y, o.z, o.link, rawget(o, "link"))
local n = 0
for k in pairs(o) do n = n + 1 end
print(n)

-- The same in a loop hot enough to be traced.
local acc = 0
for i = 1, 3000 do
  local q = Class.new(i)
  q.next = nil
  q.a, q.b = i, i + 1
  if i % 3 == 0 then q.a, q.c = nil, i end
  acc = acc + (q.a or 0) + q.b + (q.c or 0)
end
print(acc)

-- Evaluation order: the tables and keys before the values, the stores
-- from right to left.
local t = {}
local i = 1
i, t[i] = i + 1, 20
print(i, t[1], t[2])
local order = {}
local w = setmetatable({}, {__newindex = function(_, k, v) order[#order + 1] = k end})
w.x, w.y, w.z = 1, 2, 3
print(table.concat(order, ","))
