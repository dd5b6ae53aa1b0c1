-- multiple inheritance via __index function searching parents
local function createClass(...)
  local parents = {...}
  local c = {}
  setmetatable(c, {__index = function(_, k)
    for _, p in ipairs(parents) do
      local v = p[k]
      if v ~= nil then return v end
    end
  end})
  c.__index = c
  function c.new(o) return setmetatable(o or {}, c) end
  return c
end
local Named = {getName = function(self) return self.name end, setName = function(self, n) self.name = n end}
local Aged = {getAge = function(self) return self.age end, describe = function(self) return "aged " .. self.age end}
local Describable = {describe = function(self) return "describable " .. self.name end}
local Person = createClass(Named, Aged, Describable)
local p = Person.new({name = "ann", age = 30})
print(p:getName(), p:getAge(), p:describe())
p:setName("bea")
print(p:getName())
local Other = createClass(Describable, Aged)
local o = Other.new({name = "obj", age = 1})
print(o:describe(), o.getName)
print(rawget(Person, "describe"), Person.describe == Aged.describe)
