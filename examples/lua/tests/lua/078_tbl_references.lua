-- tables are references; aliasing and copying
local a = {1, 2, 3}
local b = a
b[1] = 100
print(a[1], a == b, rawequal(a, b))
local c = {1, 2, 3}
print(a == c, {} == {})
local function modify(t) t.changed = true; t = {replaced = true}; return t end
local r = modify(a)
print(a.changed, a.replaced, r.replaced)
local function shallow(t)
  local n = {}
  for k, v in pairs(t) do n[k] = v end
  return n
end
local orig = {x = 1, inner = {y = 2}}
local cp = shallow(orig)
cp.x = 10
cp.inner.y = 20
print(orig.x, orig.inner.y)
local function deep(t)
  if type(t) ~= "table" then return t end
  local n = {}
  for k, v in pairs(t) do n[k] = deep(v) end
  return n
end
local dc = deep(orig)
dc.inner.y = 99
print(orig.inner.y, dc.inner.y)
local self = {}
self.me = self
print(self.me.me.me == self)
