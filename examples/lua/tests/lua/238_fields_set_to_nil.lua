-- Fields set to nil and back in hot loops (a linked list's `link`, a
-- slot emptied and refilled): the field is absent while nil, for reads,
-- for `pairs`, for `next` and for `__index`/`__newindex`; many fields
-- set to nil and new ones added; a field set to nil during a traversal.
local Node = {}
Node.__index = Node
Node.tag = "class"

local function node(v) return setmetatable({v = v, link = false}, Node) end

-- A queue whose nodes lose and regain their link.
local nodes = {}
for i = 1, 20 do nodes[i] = node(i) end
local sum, absent = 0, 0
for round = 1, 200 do
  local head = nil
  for i = 1, 20 do
    local n = nodes[(i + round) % 20 + 1]
    n.link = nil
    if n.link == nil then absent = absent + 1 end
    if head then n.link = head end
    head = n
  end
  while head do
    sum = sum + head.v
    head = head.link
  end
end
print("queue", sum, absent)

-- A nil field reads through __index while it is nil.
local o = node(1)
local seen = {}
for i = 1, 100 do
  o.tag = (i % 3 == 0) and "own" or nil
  seen[o.tag] = (seen[o.tag] or 0) + 1
end
print("index", seen.own, seen.class)

-- __newindex sees a field set to nil again, not while it has a value.
local log = {}
local Watched = {__newindex = function(t, k, v) log[#log + 1] = k; rawset(t, k, v) end}
local w = setmetatable({}, Watched)
for i = 1, 60 do
  if i % 4 == 0 then
    w.x = nil
  else
    w.x = i
  end
end
print("newindex", #log, w.x)

-- Fields come and go: pairs sees the live ones only.
local rec = {}
for i = 1, 300 do
  local k = "k" .. (i % 12)
  if rec[k] then rec[k] = nil else rec[k] = i end
  rec.fixed = i
end
local keys = {}
for k, v in pairs(rec) do keys[#keys + 1] = k .. "=" .. v end
table.sort(keys)
print("pairs", #keys, table.concat(keys, " "))

-- Setting fields to nil during a traversal is allowed.
local t = {a = 1, b = 2, c = 3, d = 4, e = 5}
local n = 0
for k in pairs(t) do
  t[k] = nil
  n = n + 1
end
print("cleared", n, next(t))

-- An object's field set to nil, then other fields added.
local objs = {}
for i = 1, 100 do
  local p = {x = i, y = i * 2}
  p.x = nil
  p.z = i
  p.x = i + 1
  objs[i] = p
end
local s = 0
for i = 1, 100 do s = s + objs[i].x + objs[i].y + objs[i].z end
print("readd", s)
