-- Field reads and writes at one instruction on tables whose keys sit at
-- different places: objects of two shapes, fields set to nil and added
-- again, keys moved when a table compacts its dead keys, a missing field
-- found through __index, and __newindex for a field that is nil.
local function get_x(t) return t.x end
local function set_x(t, v) t.x = v end

local a = {x = 1, y = 2}
local b = {y = 3, x = 4}
local c = {z = 5}
local sum = 0
for i = 1, 200 do
  local t = (i % 3 == 0) and a or ((i % 3 == 1) and b or c)
  local v = get_x(t)
  if v then sum = sum + v end
end
print("sum", sum)

-- A field removed and added again keeps or changes its place.
local d = {x = 1, y = 2, z = 3}
for i = 1, 100 do
  set_x(d, i)
  if i % 10 == 0 then
    d.x = nil
    print("removed", get_x(d), d.y)
    d.x = i * 2
  end
end
print("d", d.x, d.y, d.z)

-- Many dead keys: the table compacts and the places change.
local e = {}
for i = 1, 40 do e["k" .. i] = i end
e.x = "first"
for i = 1, 40 do e["k" .. i] = nil end
for i = 1, 50 do
  local v = get_x(e)
  if i == 1 or i == 50 then print("e.x", v) end
  e["n" .. i] = i
end
set_x(e, "second")
print("e.x", get_x(e))

-- Through __index when the field is missing, and __newindex when nil.
local base = {x = "from base"}
local obj = setmetatable({}, {__index = base, __newindex = function(t, k, v) rawset(t, k, "new " .. tostring(v)) end})
print(get_x(obj))
set_x(obj, 7)
print(get_x(obj))
set_x(obj, 8)
print(get_x(obj))
for i = 1, 100 do set_x(obj, i) end
print(get_x(obj), rawget(obj, "x"))
