-- realistic: word wrapping, justification and centering
local text = "Lua is a powerful, efficient, lightweight, embeddable scripting language. " ..
  "It supports procedural programming, object-oriented programming, functional " ..
  "programming, data-driven programming, and data description."
local function wrap(s, width)
  local lines, line = {}, {}
  local len = 0
  for word in s:gmatch("%S+") do
    if len > 0 and len + 1 + #word > width then
      lines[#lines + 1] = line
      line, len = {}, 0
    end
    line[#line + 1] = word
    len = len + (len > 0 and 1 or 0) + #word
  end
  if #line > 0 then lines[#lines + 1] = line end
  return lines
end
local function justify(words, width)
  if #words == 1 then return words[1] end
  local chars = 0
  for _, w in ipairs(words) do chars = chars + #w end
  local gaps = #words - 1
  local spaces = width - chars
  local out = {}
  for i, w in ipairs(words) do
    out[#out + 1] = w
    if i <= gaps then
      local n = spaces // gaps + ((i <= spaces % gaps) and 1 or 0)
      out[#out + 1] = string.rep(" ", n)
    end
  end
  return table.concat(out)
end
local function center(s, width)
  local pad = width - #s
  local left = pad // 2
  return string.rep(" ", left) .. s .. string.rep(" ", pad - left)
end
local W = 36
local lines = wrap(text, W)
print("+" .. string.rep("-", W) .. "+")
for i, l in ipairs(lines) do
  local body = (i < #lines) and justify(l, W) or table.concat(l, " ")
  print("|" .. body .. string.rep(" ", W - #body) .. "|")
end
print("+" .. string.rep("-", W) .. "+")
for _, l in ipairs(wrap(text, 20)) do print("[" .. center(table.concat(l, " "), 22) .. "]") end
print(#lines, #wrap(text, 20), #wrap(text, 1000), #wrap("", 10))
