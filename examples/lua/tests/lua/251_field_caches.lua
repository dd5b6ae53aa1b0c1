-- Field and method lookups at sites that see many layouts of tables: more
-- layouts than a site remembers, chains of __index tables longer than a
-- trace follows, chains changed while in use (a method replaced, an
-- __index becoming a function, nil, false or a string), classes growing
-- past the size of a layout, tables losing and getting back keys, and
-- globals removed and defined again.

-- Objects of eight layouts at one site: own fields, absent fields.
local objs = {}
for i = 1, 8 do
  local o = {}
  for j = 1, i do o["f" .. j] = j * 10 end
  o.x = i
  objs[i] = o
end
local sum, absent = 0, 0
for round = 1, 40 do
  for i = 1, 8 do
    local o = objs[(i * round) % 8 + 1]
    sum = sum + o.x + (o.f1 or 0)
    if o.f5 == nil then absent = absent + 1 end
    o.x = o.x + 1
  end
end
print("layouts", sum, absent)

-- A chain of six classes; objects of each at one site.
local classes = {}
local parent = nil
for depth = 1, 6 do
  local c = {}
  c.__index = c
  c["m" .. depth] = function(self) return depth * 100 + self.v end
  c.name = "c" .. depth
  if parent then setmetatable(c, parent) end
  classes[depth] = c
  parent = c
end
local function new(c, v) return setmetatable({v = v}, c) end
local out = {}
for round = 1, 30 do
  local acc = 0
  for depth = 1, 6 do
    local o = new(classes[depth], round)
    acc = acc + o:m1() + (o.m6 and o:m6() or 0)
    if o.m3 then acc = acc + o:m3() end
    acc = acc + #o.name
  end
  out[#out + 1] = acc
  if round == 10 then
    -- A method replaced in the root class, one added to a middle one.
    classes[1].m1 = function(self) return -self.v end
    classes[3].m6 = function(self) return 7 end
  elseif round == 20 then
    -- The middle of the chain looks up through a function.
    setmetatable(classes[4], {__index = function(t, k) return classes[2][k] end})
  end
end
print("chain", table.concat(out, " ", 1, 5), out[15], out[25], out[30])

-- __index becoming nil, false and a string while a site uses it.
local Base = {greet = function() return "hi" end}
local Mid = setmetatable({}, {__index = Base})
Mid.__index = Mid
local o = setmetatable({}, Mid)
local seen = {}
for i = 1, 12 do
  if i == 4 then getmetatable(Mid).__index = nil end
  if i == 7 then getmetatable(Mid).__index = Base end
  if i == 9 then getmetatable(Mid).__index = "text" end
  if i == 11 then getmetatable(Mid).__index = false end
  local ok, v = pcall(function() return o.greet end)
  local kind = ok and type(v) or "error"
  if ok and v == string.upper then kind = "string.upper" end
  seen[#seen + 1] = kind
  local ok2, u = pcall(function() return o.upper end)
  seen[#seen + 1] = ok2 and (u == string.upper and "upper" or tostring(u)) or "error"
end
print("index", table.concat(seen, ","))

-- A class growing past 32 entries while its objects use it, with a
-- method at the end and one at the start.
local Big = {}
Big.__index = Big
function Big:first() return "first" .. self.n end
local bo = setmetatable({n = 1}, Big)
local grown = {}
for i = 1, 50 do
  Big["k" .. i] = i
  grown[#grown + 1] = bo:first() .. ":" .. tostring(bo["k" .. i]) .. ":" .. tostring(bo.k20)
  if i == 40 then Big.first = function(self) return "new" .. self.n end end
end
print("grown", grown[1], grown[20], grown[33], grown[45])

-- Keys removed and added back (the table compacts its entries), read by
-- one site each.
local d = {}
for i = 1, 40 do d["key" .. i] = i end
local reads = {}
for round = 1, 6 do
  reads[#reads + 1] = tostring(d.key3) .. "/" .. tostring(d.key38)
  for i = 1, 30 do d["key" .. i] = nil end
  for i = 1, 30, round do d["key" .. i] = i * round end
  d["extra" .. round] = round
end
print("dict", table.concat(reads, " "))

-- Globals removed (the globals table compacts) and defined again.
for i = 1, 40 do _G["g" .. i] = i end
gx = "x"
local greads = {}
for round = 1, 4 do
  greads[#greads + 1] = tostring(gx) .. tostring(g5) .. tostring(g39)
  for i = 1, 40 do _G["g" .. i] = nil end
  if round % 2 == 0 then gx = nil else gx = "y" .. round end
  for i = 1, 40, 3 do _G["g" .. i] = i + round end
  g39 = round
end
print("globals", table.concat(greads, " "))

-- Methods of strings while the strings' metatable changes.
local smt = getmetatable("")
local gsub = string.gsub
local sres = {}
local str = "abc"
for i = 1, 12 do
  if i == 3 then smt.__index = {upper = function(x) return "U" .. x end} end
  if i == 5 then smt.__index = function(_, k) return function(x) return k .. x end end end
  if i == 7 then smt.__index = nil end
  if i == 9 then smt.__index = setmetatable({}, {__index = string}) end
  if i == 11 then smt.__index = string end
  local ok, r = pcall(function() return str:upper() end)
  sres[#sres + 1] = ok and r or (gsub(r, "^.-:%d+: ", ""))
  local ok2, r2 = pcall(function() return str:nosuch() end)
  sres[#sres + 1] = ok2 and tostring(r2) or (gsub(r2, "^.-:%d+: ", ""))
end
print("strings", table.concat(sres, ","))

-- Stores into fields holding nil while the metatable gets a __newindex,
-- loses it, and grows past 32 entries.
local log = {}
local M = {}
local rec = setmetatable({a = 1, b = 2}, M)
for i = 1, 12 do
  rec.a = nil
  rec.b = nil
  if i == 3 then M.__newindex = function(t, k, v) log[#log + 1] = k .. "=" .. tostring(v) end end
  if i == 6 then M.__newindex = nil end
  if i == 8 then for j = 1, 40 do M["m" .. j] = j end end
  if i == 10 then M.__newindex = function(t, k, v) rawset(t, k, v * 2) end end
  rec.a = i
  rec.b = i + 100
  log[#log + 1] = tostring(rawget(rec, "a")) .. "/" .. tostring(rawget(rec, "b"))
end
print("newindex", table.concat(log, " "))
