-- method definitions with : and calls
local obj = {name = "box", size = 3}
function obj:describe() return self.name .. " of size " .. self.size end
function obj:grow(by) self.size = self.size + (by or 1); return self end
function obj.static(x) return x * 2 end
print(obj:describe())
obj:grow():grow(5)
print(obj.size, obj.describe(obj))
print(obj.static(21))
local other = {name = "crate", size = 10, describe = obj.describe}
print(other:describe())
local point = {x = 1, y = 2}
function point.move(self, dx, dy) self.x = self.x + dx; self.y = self.y + dy end
point:move(3, 4)
print(point.x, point.y)
local calls = 0
local t = {}
function t:count(...) calls = calls + 1; return select("#", ...) end
print(t:count(1, 2), t.count(t, 1, 2), calls)
local str = "chain"
print(str:upper():lower():len())
local m = {v = 5}
function m:get() return self.v end
local get = m.get
print(get(m), get({v = 7}))
print(pcall(function() return m.get() end) == false)
