-- class-style OOP with inheritance
local Animal = {}
Animal.__index = Animal
function Animal.new(name, sound)
  local self = setmetatable({}, Animal)
  self.name = name
  self.sound = sound or "..."
  return self
end
function Animal:speak() return self.name .. " says " .. self.sound end
function Animal:kind() return "animal" end
local Dog = setmetatable({}, {__index = Animal})
Dog.__index = Dog
function Dog.new(name)
  local self = Animal.new(name, "woof")
  return setmetatable(self, Dog)
end
function Dog:kind() return "dog" end
function Dog:fetch() return self.name .. " fetches" end
local Puppy = setmetatable({}, {__index = Dog})
Puppy.__index = Puppy
function Puppy.new(name)
  local self = Dog.new(name)
  self.sound = "yip"
  return setmetatable(self, Puppy)
end
function Puppy:kind() return "puppy (a " .. Dog.kind(self) .. ")" end
local a, d, p = Animal.new("generic"), Dog.new("rex"), Puppy.new("bit")
for _, o in ipairs({a, d, p}) do print(o:speak(), o:kind()) end
print(d:fetch(), p:fetch(), a.fetch)
print(getmetatable(p) == Puppy, getmetatable(d) == Dog)
local function isinstance(o, cls)
  local m = getmetatable(o)
  while m do
    if m == cls then return true end
    local parent = getmetatable(m)
    m = parent and parent.__index
  end
  return false
end
print(isinstance(p, Animal), isinstance(p, Dog), isinstance(d, Puppy), isinstance(a, Dog))
