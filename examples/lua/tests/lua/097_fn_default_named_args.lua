-- default arguments and named-argument idioms
local function greet(name, greeting)
  name = name or "world"
  greeting = greeting or "Hello"
  return greeting .. ", " .. name .. "!"
end
print(greet(), greet("Lua"), greet("Lua", "Hi"), greet(nil, "Yo"))
local function rect(opts)
  local w = opts.width or 1
  local h = opts.height or 1
  local label = opts.label or "rect"
  return string.format("%s %dx%d area=%d", label, w, h, w * h)
end
print(rect{width = 3, height = 4})
print(rect{label = "unit"})
print(rect({height = 7}))
local function f(s) return "[" .. s .. "]" end
print(f"literal", f[[long]], f'single')
local function extra(a, b) return a, b end
print(extra(1, 2, 3, 4))
print(extra())
local function flag(b) if b == nil then b = true end return b end
print(flag(), flag(false), flag(true))
print(type(greet), select("#", greet()))
