-- uncaught error whose value has a __tostring metamethod
local E = setmetatable({msg = "custom error object"}, {
  __tostring = function(e) return "E: " .. e.msg end,
})
print("raising", tostring(E))
local ok, e = pcall(error, E)
print("caught", ok, e == E)
local function raise() error(E) end
raise()
print("never printed")
