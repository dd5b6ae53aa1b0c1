-- realistic: a string builder using table.concat
local Builder = {}
Builder.__index = Builder
function Builder.new() return setmetatable({parts = {}, n = 0}, Builder) end
function Builder:add(...)
  for i = 1, select("#", ...) do
    self.n = self.n + 1
    self.parts[self.n] = tostring((select(i, ...)))
  end
  return self
end
function Builder:addf(fmt, ...) return self:add(string.format(fmt, ...)) end
function Builder:line(...) self:add(...); return self:add("\n") end
function Builder:build(sep) return table.concat(self.parts, sep or "") end
function Builder:len()
  local l = 0
  for i = 1, self.n do l = l + #self.parts[i] end
  return l
end
Builder.__len = Builder.len
Builder.__tostring = function(b) return b:build() end
local b = Builder.new()
b:add("Hello", ", ", "world"):add("!"):line()
b:addf("%d + %d = %d", 2, 3, 2 + 3):line()
b:line("numbers: ", 1, " ", 2.5, " ", true)
io.write(tostring(b))
print(#b, b.n)
local html = Builder.new()
html:line("<ul>")
for i, item in ipairs({"alpha", "beta & gamma", "<delta>"}) do
  local esc = item:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;")
  html:addf('  <li id="%d">%s</li>', i, esc):line()
end
html:line("</ul>")
io.write(html:build())
local big = Builder.new()
for i = 1, 10000 do big:add(i % 10) end
local s = big:build()
print(#s, s:sub(1, 12), s:sub(-5))
local csv = Builder.new()
for r = 1, 3 do
  local row = {}
  for c = 1, 4 do row[c] = r * c end
  csv:add(table.concat(row, ","))
end
print(csv:build(";"))
