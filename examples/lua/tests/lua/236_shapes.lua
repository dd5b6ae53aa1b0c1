-- Tables that share their keys' layout (objects of one class, records of
-- one constructor) read and written in hot loops: fields found in the
-- object, in its class, or in the class's parent; fields added after the
-- object has a metatable, with and without __newindex; a class changed
-- while its objects are in use; records with more fields than a layout
-- holds; records with integer and boolean keys among their names; a long
-- chain of __index tables and one that ends in a function.
local Base = {}
Base.__index = Base
function Base.kind() return "base" end
function Base:area() return self.w * self.h end
Base.color = "red"

local Derived = setmetatable({}, {__index = Base})
Derived.__index = Derived
function Derived.kind() return "derived" end

local function new(class, w, h)
  local o = setmetatable({}, class)
  o.w = w
  o.h = h
  return o
end

local total, kinds, colors = 0, {}, {}
for i = 1, 300 do
  local o = new(i % 2 == 0 and Base or Derived, i, 2)
  total = total + o:area()
  kinds[o.kind()] = (kinds[o.kind()] or 0) + 1
  if i % 7 == 0 then o.color = "blue" end
  colors[o.color] = (colors[o.color] or 0) + 1
end
print("area", total, kinds.base, kinds.derived, colors.red, colors.blue)

-- A class gets a method and loses a field while objects use it.
local objs = {}
for i = 1, 50 do objs[i] = new(Derived, i, 1) end
local seen = {}
for round = 1, 3 do
  local s = 0
  for i = 1, 50 do
    local o = objs[i]
    s = s + o:area()
    seen[#seen + 1] = o.color
  end
  print("round", round, s, seen[#seen])
  if round == 1 then
    function Derived:area() return self.w + self.h end
    Base.color = nil
  elseif round == 2 then
    Derived.color = "green"
  end
end

-- __newindex on the class, set after objects exist: new fields go there.
local log = {}
local Logged = {}
Logged.__index = Logged
local lobjs = {}
for i = 1, 20 do lobjs[i] = setmetatable({a = i}, Logged) end
for round = 1, 2 do
  for i = 1, 20 do
    local o = lobjs[i]
    o.b = i * round
  end
  if round == 1 then
    Logged.__newindex = function(t, k, v) log[#log + 1] = k .. "=" .. tostring(v) end
    for i = 1, 20 do lobjs[i].b = nil end
  end
end
print("newindex", #log, log[1], log[20], rawget(lobjs[3], "b"), lobjs[3].a)

-- Records with many fields, in two orders, and with other keys among them.
local function record(n, reversed)
  local r = {}
  for k = 1, n do
    local j = reversed and (n + 1 - k) or k
    r["f" .. j] = j
  end
  return r
end
for _, n in ipairs({3, 31, 32, 33, 40}) do
  local a, b = record(n, false), record(n, true)
  local s = 0
  for i = 1, 100 do
    local t = i % 2 == 0 and a or b
    s = s + t.f1 + t["f" .. n] + (t.f3 or 0)
  end
  print("record", n, s)
end
local mixed = {}
for i = 1, 100 do
  local m = {name = "m", [10 + i] = i, flag = true, [true] = "yes", [2.5] = "half"}
  m.extra = i
  mixed[i] = m
end
local ms = 0
for i = 1, 100 do
  local m = mixed[i]
  ms = ms + m.extra + m[10 + i]
  if m[true] ~= "yes" or m[2.5] ~= "half" or not m.flag then ms = -1 end
end
print("mixed", ms)

-- Key order of pairs over records built the same way.
local order = {}
for k, v in pairs({p = 1, q = 2, r = 3}) do order[#order + 1] = k .. v end
table.sort(order)
print("pairs", table.concat(order, " "))

-- Fields removed and added back, many times, in a hot loop.
local churn = {a = 1, b = 2, c = 3}
local cs = 0
for i = 1, 400 do
  churn["k" .. (i % 12)] = i
  if i % 3 == 0 then churn["k" .. ((i + 5) % 12)] = nil end
  churn.b = nil
  churn.b = i
  cs = cs + churn.a + churn.b + (churn.k1 or 0)
end
print("churn", cs)

-- A chain of six classes, and one ending in a function.
local top = {depth = "top"}
top.__index = top
local c = top
for i = 1, 5 do
  local sub = setmetatable({}, c)
  sub.__index = sub
  c = sub
end
local deep = setmetatable({}, c)
local viafn = setmetatable({}, {__index = setmetatable({}, {__index = function(t, k) return k .. "!" end})})
local ds = {}
for i = 1, 60 do
  ds[#ds + 1] = deep.depth
  ds[#ds + 1] = viafn.name
end
print("chain", ds[1], ds[2], #ds, deep.missing, viafn.other)
