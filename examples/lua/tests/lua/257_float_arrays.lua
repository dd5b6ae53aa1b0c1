-- Arrays of floats, and what turns them into arrays of any values: every
-- read must give the float stored (with its subtype), every other value
-- stored must stay what it is.

local function show(t, n)
  local parts = {}
  for i = 1, n do
    local v = t[i]
    parts[#parts + 1] = math.type(v) or tostring(v)
    parts[#parts + 1] = tostring(v)
  end
  return table.concat(parts, " ")
end

-- Built by appends, read back.
local a = {}
for i = 1, 10 do
  a[i] = i / 4
end
print(#a, show(a, 10))

-- Updated in place, still floats.
for i = 1, 10 do
  a[i] = a[i] * 2 + 0.5
end
print(#a, show(a, 10))

-- An integer stored keeps its subtype; the floats around it keep theirs.
a[3] = 7
print(#a, show(a, 4))
print(math.type(a[3]), math.type(a[4]), a[3] == 7.0)

-- A nil at the end shrinks the border.
local b = {1.5, 2.5, 3.5}
b[3] = nil
print(#b, b[1], b[2], b[3])
b[3] = 4.5
print(#b, show(b, 3))

-- Strings, booleans and tables among floats.
local c = {0.5}
c[2] = "two"
c[3] = true
c[4] = {}
c[5] = 5.5
print(#c, c[1], c[2], c[3], type(c[4]), c[5])

-- A constructor of floats, then the library on it.
local d = {3.5, 1.25, 2.0, -0.0, 1e300, -1e-300}
table.sort(d)
print(show(d, 6))
table.insert(d, 1, 9.75)
table.insert(d, 0.125)
print(#d, table.concat(d, ","))
print(table.remove(d), table.remove(d, 1), #d)
print(table.unpack(d, 1, 3))
local n = 0
for i, v in ipairs(d) do
  n = n + i * v
end
print(n)
local keys = 0
for k, v in pairs(d) do
  keys = keys + k
  assert(d[k] == v)
end
print(keys)
print(next(d), next(d, #d))

-- Float keys with integral values are the same slots.
local e = {}
e[1.0] = 0.5
e[2] = 1.5
print(#e, e[1], e[2.0], math.type(e[1]))

-- Not a number, infinities and negative zero survive a round trip.
local f = {0.0 / 0.0, 1 / 0, -1 / 0, -0.0}
print(f[1] ~= f[1], f[2], f[3], 1 / f[4])

-- A float array as a key holder and a key.
local g = {1.0, 2.0}
local h = {}
h[g] = "g"
print(h[g], rawlen(g), rawget(g, 2), rawequal(g, g))
rawset(g, 3, "x")
print(#g, g[3])

-- Integers first, then floats: the part is not floats, and reads are right.
local m = {1, 2}
m[3] = 3.5
print(#m, show(m, 3))

-- A long loop mixing the two (a trace sees the part change kind).
local acc = {}
for i = 1, 300 do
  acc[i] = i + 0.5
end
local s = 0.0
for i = 1, 300 do
  if i == 200 then
    acc[150] = "x"
  end
  local v = acc[i]
  if type(v) == "number" then
    s = s + v
  end
end
print(s, #acc)
