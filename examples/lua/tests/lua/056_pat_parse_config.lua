-- parsing a small config text with patterns
local text = [[
# comment line
name = demo
  count=  42
ratio = 0.75
empty =
flag = true
bad line here
path = /usr/local/lib   # trailing comment
]]
local conf, order, bad = {}, {}, 0
for line in text:gmatch("[^\n]+") do
  line = line:gsub("#.*$", "")
  if line:match("^%s*$") then
    -- skip
  else
    local k, v = line:match("^%s*([%w_]+)%s*=%s*(.-)%s*$")
    if k then
      conf[k] = v
      order[#order + 1] = k
    else
      bad = bad + 1
    end
  end
end
for _, k in ipairs(order) do print(k, "[" .. conf[k] .. "]") end
print("bad lines", bad)
print(tonumber(conf.count) + 1, tonumber(conf.ratio) * 4, conf.flag == "true")
print(("a1 b2 c3"):gmatch("%a%d", 4)())
local it = ("x=1;y=2;z=3"):gmatch("(%a)=(%d)", 5)
for k, v in it do io.write(k, v, " ") end
print()
