-- uncaught error: arithmetic on a nil field
local config = {width = 10}
print("width", config.width)
print("height is", config.height)
local function area(c)
  return c.width * c.height
end
local a = area(config)
print("never printed", a)
return a
