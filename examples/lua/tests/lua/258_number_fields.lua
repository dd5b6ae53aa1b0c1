-- Numbers as the values of a table's fields (its hash part), which rpylua
-- keeps unboxed beside their keys: every read must give the number stored,
-- with its subtype, and every other value stored over one must stay what
-- it is.

local function kind(v)
  return (math.type(v) or type(v)) .. ":" .. tostring(v)
end

-- A record whose fields change in place, as an object's counters do.
local body = { x = 0, y = 1.5, name = "sun", mass = 10 }
for i = 1, 200 do
  body.x = body.x + 1
  body.y = body.y * 1.01
  body.mass = body.mass + i / 2
end
print(kind(body.x), kind(body.y), kind(body.mass), kind(body.name))

-- Integers stay integers, floats floats, even when equal in value.
body.x = 3
body.y = 3.0
print(kind(body.x), kind(body.y), body.x == body.y, math.type(body.x + body.y))

-- Edges of both subtypes.
body.x = math.maxinteger
body.y = -0.0
print(kind(body.x), kind(body.x + 1), kind(body.y), 1 / body.y)
body.x = math.mininteger
body.y = 1 / 0
print(kind(body.x), kind(body.y), kind(-body.y))
body.y = 0 / 0
print(body.y ~= body.y, math.type(body.y))

-- Other values over a number, and numbers over them.
body.x = "text"
body.y = { 1, 2 }
body.mass = true
print(kind(body.x), type(body.y), kind(body.mass))
body.x = 7
body.y = 0.25
body.mass = nil
print(kind(body.x), kind(body.y), body.mass)
body.mass = 12
print(kind(body.mass))

-- Traversal sees the numbers (keys sorted: the order of pairs is not fixed).
local keys = {}
for k, v in pairs(body) do
  keys[#keys + 1] = k .. "=" .. kind(v)
end
table.sort(keys)
print(table.concat(keys, " "))
local k, v = next({ only = 2.5 })
print(k, kind(v))

-- Raw access, and metatables reading through __index.
print(kind(rawget(body, "x")), kind(rawget(body, "y")))
rawset(body, "x", 8.5)
print(kind(body.x))
local proto = { speed = 4, scale = 0.5 }
local obj = setmetatable({}, { __index = proto })
print(kind(obj.speed), kind(obj.scale))
obj.speed = obj.speed * 2
proto.scale = proto.scale + 1
print(kind(obj.speed), kind(proto.speed), kind(obj.scale))

-- Many objects of one shape updated in a loop (a trace of it when hot).
local objs = {}
for i = 1, 50 do
  objs[i] = { count = 0, step = i, total = 0.0 }
end
for round = 1, 400 do
  for i = 1, #objs do
    local o = objs[i]
    o.count = o.count + 1
    o.total = o.total + o.step / 4
  end
end
local sum_count, sum_total = 0, 0.0
for i = 1, #objs do
  sum_count = sum_count + objs[i].count
  sum_total = sum_total + objs[i].total
end
print(kind(sum_count), kind(sum_total))

-- A table whose keys come and go (its hash part is compacted) keeps the
-- numbers of those that stay.
local d = {}
for i = 1, 40 do
  d["k" .. i] = i % 3 == 0 and i / 2 or i
end
for i = 1, 40 do
  if i % 4 ~= 0 then d["k" .. i] = nil end
end
for i = 41, 60 do
  d["k" .. i] = i
end
local parts = {}
for i = 4, 60, 4 do
  parts[#parts + 1] = kind(d["k" .. i])
end
print(table.concat(parts, " "))
local n = 0
for _ in pairs(d) do n = n + 1 end
print(n)

-- Numeric keys that are not array items, and float keys.
local h = { [-1] = 5, [0.5] = 2.25, [100] = 7 }
h[-1] = h[-1] + 1
h[0.5] = h[0.5] * 2
h[100] = h[100] // 2
print(kind(h[-1]), kind(h[0.5]), kind(h[100]))
