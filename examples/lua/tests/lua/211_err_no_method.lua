-- uncaught error: calling a missing method
print("creating object")
local obj = {name = "thing"}
function obj:hello() return "hello from " .. self.name end
function obj:rename(n) self.name = n; return self end
print(obj:hello())
print(obj:rename("widget"):hello())
print(obj.goodbye)
print(obj:goodbye())
print("never printed")
